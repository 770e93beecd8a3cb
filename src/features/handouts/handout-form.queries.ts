import { queryOptions } from '@tanstack/react-query'
import {
  fetchHandoutBatches,
  fetchHandoutMembers,
  fetchMemberAllowance,
} from './handout-actions.functions'
import { handoutsKey } from './handouts.queries'

/** The hand-out form's queries (components only, never a loader). */

export const handoutMembersQuery = (q: string) =>
  queryOptions({
    queryKey: [...handoutsKey, 'members', q],
    queryFn: () => fetchHandoutMembers({ data: { q } }),
    staleTime: 30_000,
  })

/** What a member may still receive: always asked afresh, another counter may have handed out. */
export const memberAllowanceQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...handoutsKey, 'allowance', customerId],
    queryFn: () => fetchMemberAllowance({ data: { customerId } }),
    staleTime: 0,
  })

export const handoutBatchesQuery = (customerId: string | null) =>
  queryOptions({
    queryKey: [...handoutsKey, 'batches', customerId],
    queryFn: () => fetchHandoutBatches({ data: { customerId } }),
    staleTime: 0,
  })
