import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/LegalPage'
import { fetchLegalText } from '~/features/legal/legal.functions'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_homeLight/agb')({
  loader: () => fetchLegalText({ data: { document: 'terms' } }),
  head: ({ loaderData }) => pageHead('Allgemeine Geschäftsbedingungen', loaderData?.publisher),
  component: () => (
    <LegalPage title="Allgemeine Geschäftsbedingungen" text={Route.useLoaderData()} />
  ),
})
