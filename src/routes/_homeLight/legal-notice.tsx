import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/LegalPage'
import { fetchLegalText } from '~/features/legal/legal.functions'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_homeLight/legal-notice')({
  loader: () => fetchLegalText({ data: { document: 'legalNotice' } }),
  head: ({ loaderData }) => pageHead('Impressum', loaderData?.publisher),
  component: () => <LegalPage title="Impressum" text={Route.useLoaderData()} />,
})
