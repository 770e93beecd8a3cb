import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { DocumentsPage } from '~/features/documents/DocumentsPage'
import { documentsQuery } from '~/features/documents/documents.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { documentListSearch } from '~/lib/document-lists'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/documents')({
  validateSearch: documentListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(documentListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(documentsQuery(deps)),
  head: areaHead('documents'),
  component: DocumentsPage,
})
