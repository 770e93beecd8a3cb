import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { FailureError } from '~/lib/failure'
import type { FillingProtocolListSearch } from '~/lib/filling-protocol-lists'
import {
  fetchFillingProtocol,
  fetchFillingProtocols,
  fetchPreparationInstructions,
} from './filling-protocols.functions'

/** Every filling query starts with this key: any action on a protocol invalidates them all. */
export const fillingProtocolsKey = ['filling-protocols'] as const

export const fillingProtocolsQuery = (search: FillingProtocolListSearch) =>
  queryOptions({
    queryKey: [...fillingProtocolsKey, 'list', search],
    queryFn: () => fetchFillingProtocols({ data: search }),
  })

export const fillingProtocolQuery = (id: string) =>
  queryOptions({
    queryKey: [...fillingProtocolsKey, 'protocol', id],
    queryFn: () => fetchFillingProtocol({ data: { id } }),
  })

export const preparationInstructionsQuery = () =>
  queryOptions({
    queryKey: [...fillingProtocolsKey, 'instructions'],
    queryFn: () => fetchPreparationInstructions(),
  })

/** The protocol page's loader: always the current state (a colleague may have confirmed it). */
export async function loadFillingProtocol(queryClient: QueryClient, id: string) {
  try {
    return await queryClient.fetchQuery({ ...fillingProtocolQuery(id), staleTime: 0 })
  } catch (error) {
    if (error instanceof FailureError && error.status === 404) throw notFound()
    throw error
  }
}
