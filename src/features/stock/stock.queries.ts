import { queryOptions } from '@tanstack/react-query'
import type { StockListSearch } from '~/lib/stock-lists'
import { fetchBatch, fetchReceiptFormContext, fetchStock } from './stock.functions'

/** Every stock query starts with this key: a booking invalidates them all. */
export const stockKey = ['stock'] as const

export const stockQuery = (search: StockListSearch) =>
  queryOptions({
    queryKey: [...stockKey, 'list', search],
    queryFn: () => fetchStock({ data: search }),
  })

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: [...stockKey, 'batch', id],
    queryFn: () => fetchBatch({ data: { id } }),
  })

export const receiptFormContextQuery = () =>
  queryOptions({
    queryKey: [...stockKey, 'receipt-form'],
    queryFn: () => fetchReceiptFormContext(),
  })
