import { queryOptions } from '@tanstack/react-query'
import type { ProductImportRowsQuery } from '~/lib/product-import-state'
import { productDbKey } from './product-db.queries'
import {
  fetchProductImport,
  fetchProductImportRows,
  fetchRecentProductImports,
} from './product-import.functions'

/** Under the product database's key: an import's writes show in the list at once. */
export const productImportKey = [...productDbKey, 'import'] as const

/** While an import runs, its state is asked for again this often (the progress bar). */
export const importPollMillis = 1000

export const productImportQuery = (id: string) =>
  queryOptions({
    queryKey: [...productImportKey, id],
    queryFn: () => fetchProductImport({ data: { id } }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? importPollMillis : false),
  })

export const productImportRowsQuery = (query: ProductImportRowsQuery) =>
  queryOptions({
    queryKey: [...productImportKey, query.id, 'rows', query.status ?? 'all', query.page],
    queryFn: () => fetchProductImportRows({ data: query }),
  })

export const recentProductImportsQuery = () =>
  queryOptions({
    queryKey: [...productImportKey, 'recent'],
    queryFn: () => fetchRecentProductImports(),
  })
