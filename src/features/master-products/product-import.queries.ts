import { queryOptions } from '@tanstack/react-query'
import { masterProductsKey } from './master-products.queries'
import { fetchProductImport, fetchRecentProductImports } from './product-import.functions'

/** Under the product database's key: an import's writes show in the list at once. */
export const productImportKey = [...masterProductsKey, 'import'] as const

/** While an import runs, its state is asked for again this often (the progress bar). */
export const importPollMillis = 1000

export const productImportQuery = (id: string) =>
  queryOptions({
    queryKey: [...productImportKey, id],
    queryFn: () => fetchProductImport({ data: { id } }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? importPollMillis : false),
  })

export const recentProductImportsQuery = () =>
  queryOptions({
    queryKey: [...productImportKey, 'recent'],
    queryFn: () => fetchRecentProductImports(),
  })
