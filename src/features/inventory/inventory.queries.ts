import { queryOptions } from '@tanstack/react-query'
import type { InventoryListSearch } from '~/lib/inventory'
import { fetchBatch, fetchInventory, fetchReceiptFormContext } from './inventory.functions'

/** Every stock query starts with this key: a booking invalidates them all. */
export const inventoryKey = ['inventory'] as const

export const inventoryQuery = (search: InventoryListSearch) =>
  queryOptions({
    queryKey: [...inventoryKey, 'list', search],
    queryFn: () => fetchInventory({ data: search }),
  })

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: [...inventoryKey, 'batch', id],
    queryFn: () => fetchBatch({ data: { id } }),
  })

export const receiptFormContextQuery = () =>
  queryOptions({
    queryKey: [...inventoryKey, 'receipt-form'],
    queryFn: () => fetchReceiptFormContext(),
  })
