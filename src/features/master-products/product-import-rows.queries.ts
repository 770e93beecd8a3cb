import { queryOptions } from '@tanstack/react-query'
import type { ProductImportRowsQuery } from '~/lib/product-import-state'
import { productImportKey } from './product-import.queries'
import { fetchProductImportRows } from './product-import-actions.functions'

/** The preview's rows: only the page's component asks, so this stays out of the first load. */
export const productImportRowsQuery = (query: ProductImportRowsQuery) =>
  queryOptions({
    queryKey: [...productImportKey, query.id, 'rows', query.status ?? 'all', query.page],
    queryFn: () => fetchProductImportRows({ data: query }),
  })
