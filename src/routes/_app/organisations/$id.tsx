import { createFileRoute, notFound } from '@tanstack/react-router'
import { OrganisationSettingsPage } from '~/features/organisations/OrganisationSettingsPage'
import { organisationSettingsQuery } from '~/features/organisations/organisation-settings.queries'
import { shopSettingsQuery } from '~/features/organisations/shop-settings.queries'
import { memberLinksQuery, teamQuery } from '~/features/organisations/team.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'
import { parseOrganisationPageSearch } from '~/lib/organisation-page'

export const Route = createFileRoute('/_app/organisations/$id')({
  validateSearch: parseOrganisationPageSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context, params, deps }) => {
    try {
      await Promise.all([
        context.queryClient.ensureQueryData(organisationSettingsQuery(params.id)),
        deps.tab === 'team' && context.queryClient.ensureQueryData(teamQuery(params.id)),
        deps.tab === 'team' && context.queryClient.ensureQueryData(memberLinksQuery(params.id)),
        deps.tab === 'shop' && context.queryClient.ensureQueryData(shopSettingsQuery(params.id)),
      ])
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('organisation'),
  component: OrganisationSettingsPage,
})
