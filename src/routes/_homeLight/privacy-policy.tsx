import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/LegalPage'
import { fetchLegalText } from '~/features/legal/legal.functions'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_homeLight/privacy-policy')({
  loader: () => fetchLegalText({ data: { document: 'privacyPolicy' } }),
  head: ({ loaderData }) => pageHead('Datenschutzerklärung', loaderData?.publisher),
  component: () => <LegalPage title="Datenschutzerklärung" text={Route.useLoaderData()} />,
})
