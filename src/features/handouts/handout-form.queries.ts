import { queryOptions } from '@tanstack/react-query'
import {
  fetchHandOutBatches,
  fetchHandOutMembers,
  fetchMemberAllowance,
} from './handout-actions.functions'
import { handOutsKey } from './handouts.queries'

/** The hand-out form's queries (components only, never a loader). */

export const handOutMembersQuery = (q: string) =>
  queryOptions({
    queryKey: [...handOutsKey, 'members', q],
    queryFn: () => fetchHandOutMembers({ data: { q } }),
    staleTime: 30_000,
  })

/** What a member may still receive: always asked afresh, another counter may have handed out. */
export const memberAllowanceQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...handOutsKey, 'allowance', customerId],
    queryFn: () => fetchMemberAllowance({ data: { customerId } }),
    staleTime: 0,
  })

export const handOutBatchesQuery = (customerId: string | null) =>
  queryOptions({
    queryKey: [...handOutsKey, 'batches', customerId],
    queryFn: () => fetchHandOutBatches({ data: { customerId } }),
    staleTime: 0,
  })
