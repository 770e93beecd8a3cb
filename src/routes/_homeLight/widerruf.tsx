import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '~/features/legal/LegalPage'
import { fetchLegalText } from '~/features/legal/legal.functions'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_homeLight/widerruf')({
  loader: () => fetchLegalText({ data: { document: 'withdrawalInformation' } }),
  head: ({ loaderData }) => pageHead('Widerrufsbelehrung', loaderData?.publisher),
  component: () => <LegalPage title="Widerrufsbelehrung" text={Route.useLoaderData()} />,
})
