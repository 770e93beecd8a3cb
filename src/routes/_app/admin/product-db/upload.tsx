import { createFileRoute } from '@tanstack/react-router'
import { ProductImportPage } from '~/features/master-products/ProductImportPage'
import {
  productImportQuery,
  recentProductImportsQuery,
} from '~/features/master-products/product-import.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { parseProductImportSearch } from '~/lib/product-import-search'

export const Route = createFileRoute('/_app/admin/product-db/upload')({
  // The loader goes with the page's own chunk: its queries and server functions would otherwise
  // join every page's first load (ADR 013).
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: parseProductImportSearch,
  loaderDeps: ({ search }) => ({ id: search.import }),
  loader: ({ context, deps }) =>
    deps.id
      ? context.queryClient.ensureQueryData(productImportQuery(deps.id))
      : context.queryClient.ensureQueryData(recentProductImportsQuery()),
  head: areaHead('masterProductUpload'),
  component: ProductImportPage,
})
