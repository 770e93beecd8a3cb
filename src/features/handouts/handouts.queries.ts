import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { FailureError } from '~/lib/failure'
import type { HandOutListSearch } from '~/lib/handout-lists'
import { fetchHandOut, fetchHandOuts } from './handouts.functions'

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

/** The record page's loader: an unknown id is the router's not-found page. */
export async function loadHandOut(queryClient: QueryClient, id: string) {
  try {
    return await queryClient.fetchQuery({ ...handOutQuery(id), staleTime: 0 })
  } catch (error) {
    if (error instanceof FailureError && error.status === 404) throw notFound()
    throw error
  }
}
