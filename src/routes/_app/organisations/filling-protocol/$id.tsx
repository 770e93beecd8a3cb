import { createFileRoute } from '@tanstack/react-router'
import { FillingProtocolPage } from '~/features/filling-protocols/FillingProtocolPage'
import { loadFillingProtocol } from '~/features/filling-protocols/filling-protocols.queries'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/organisations/filling-protocol/$id')({
  loader: async ({ context, params }) =>
    (await loadFillingProtocol(context.queryClient, params.id)).number,
  head: ({ loaderData }) =>
    pageHead(loaderData ? `Abfüllprotokoll ${loaderData}` : 'Abfüllprotokoll'),
  component: FillingProtocolPage,
})
