import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { FailureError } from '~/lib/failure'
import type { HandOutListSearch } from '~/lib/handout-lists'
import {
  fetchHandOut,
  fetchHandOutBatches,
  fetchHandOutMembers,
  fetchHandOuts,
  fetchMemberAllowance,
} from './handouts.functions'

/** Every hand-out query starts with this key: a hand-out or a cancellation invalidates them all. */
export const handOutsKey = ['hand-outs'] as const

export const handOutsQuery = (search: HandOutListSearch) =>
  queryOptions({
    queryKey: [...handOutsKey, 'list', search],
    queryFn: () => fetchHandOuts({ data: search }),
  })

export const handOutQuery = (id: string) =>
  queryOptions({
    queryKey: [...handOutsKey, 'record', id],
    queryFn: () => fetchHandOut({ data: { id } }),
  })

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

/** The record page's loader: an unknown id is the router's not-found page. */
export async function loadHandOut(queryClient: QueryClient, id: string) {
  try {
    return await queryClient.fetchQuery({ ...handOutQuery(id), staleTime: 0 })
  } catch (error) {
    if (error instanceof FailureError && error.status === 404) throw notFound()
    throw error
  }
}
