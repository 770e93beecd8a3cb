import { createFileRoute, notFound } from '@tanstack/react-router'
import { OrganisationSettingsPage } from '~/features/organisations/OrganisationSettingsPage'
import { organisationSettingsQuery } from '~/features/organisations/organisation-settings.queries'
import { areaHead } from '~/features/shell/page-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/organisations/$id')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(organisationSettingsQuery(params.id))
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('organisation'),
  component: OrganisationSettingsPage,
})
