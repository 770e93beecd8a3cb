import { createFileRoute, notFound } from '@tanstack/react-router'
import { shopAreaHead } from '~/features/shell/page-head'
import { reservationConfirmationQuery } from '~/features/shop/configurator/configurator.queries'
import { ReservationPage } from '~/features/shop/configurator/ReservationPage'
import { FailureError } from '~/lib/failure'

/** The confirmation of a reservation, by the order's id (not guessable, unlike its number). */
export const Route = createFileRoute('/_shop/reservierung/$id')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({
        ...reservationConfirmationQuery(params.id),
        staleTime: 0,
      })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: shopAreaHead('reservation'),
  component: ReservationPage,
})
