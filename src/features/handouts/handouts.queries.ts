import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { FailureError } from '~/lib/failure'
import type { HandoutListSearch } from '~/lib/handout-lists'
import { fetchHandout, fetchHandouts } from './handouts.functions'

/** Every hand-out query starts with this key: a hand-out or a cancellation invalidates them all. */
export const handoutsKey = ['hand-outs'] as const

export const handoutsQuery = (search: HandoutListSearch) =>
  queryOptions({
    queryKey: [...handoutsKey, 'list', search],
    queryFn: () => fetchHandouts({ data: search }),
  })

export const handoutQuery = (id: string) =>
  queryOptions({
    queryKey: [...handoutsKey, 'record', id],
    queryFn: () => fetchHandout({ data: { id } }),
  })

/** The record page's loader: an unknown id is the router's not-found page. */
export async function loadHandout(queryClient: QueryClient, id: string) {
  try {
    return await queryClient.fetchQuery({ ...handoutQuery(id), staleTime: 0 })
  } catch (error) {
    if (error instanceof FailureError && error.status === 404) throw notFound()
    throw error
  }
}
