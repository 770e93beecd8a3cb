import { queryOptions } from '@tanstack/react-query'
import {
  fetchFillingBulkBatches,
  fetchFillingPackChoice,
} from './filling-protocol-actions.functions'
import { fillingProtocolsKey } from './filling-protocols.queries'

/** The start form's queries (components only, never a loader). Stock changes: always asked afresh. */

export const fillingBulkBatchesQuery = () =>
  queryOptions({
    queryKey: [...fillingProtocolsKey, 'bulk-batches'],
    queryFn: () => fetchFillingBulkBatches(),
    staleTime: 0,
  })

export const fillingPackChoiceQuery = (bulkBatchId: string, targetNetMg: number) =>
  queryOptions({
    queryKey: [...fillingProtocolsKey, 'pack-choice', bulkBatchId, targetNetMg],
    queryFn: () => fetchFillingPackChoice({ data: { bulkBatchId, targetNetMg } }),
    staleTime: 30_000,
  })
