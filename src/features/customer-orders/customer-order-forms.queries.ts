import { queryOptions } from '@tanstack/react-query'
import { fetchPickableBatches, fetchSellableProducts } from './customer-order-forms.functions'
import { customerOrdersKey } from './customer-orders.queries'

/** The order form's and pick dialog's own reads (under `customerOrdersKey`, refreshed with it). */

export const sellableProductsQuery = (q: string) =>
  queryOptions({
    queryKey: [...customerOrdersKey, 'sellable', q],
    queryFn: () => fetchSellableProducts({ data: { q } }),
    staleTime: 10_000,
  })

export const pickableBatchesQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerOrdersKey, 'pickable', id],
    queryFn: () => fetchPickableBatches({ data: { id } }),
    staleTime: 0,
  })
