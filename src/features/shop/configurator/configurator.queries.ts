import { queryOptions } from '@tanstack/react-query'
import { fetchConfiguratorProducts, fetchReservationConfirmation } from './configurator.functions'

export const configuratorKey = ['shop', 'configurator'] as const

/** Availability changes with every reservation: read again when the page is opened again. */
export const configuratorProductsQuery = () =>
  queryOptions({
    queryKey: [...configuratorKey, 'products'],
    queryFn: () => fetchConfiguratorProducts(),
    staleTime: 30_000,
  })

export const reservationConfirmationQuery = (id: string) =>
  queryOptions({
    queryKey: [...configuratorKey, 'reservation', id],
    queryFn: () => fetchReservationConfirmation({ data: { id } }),
  })
