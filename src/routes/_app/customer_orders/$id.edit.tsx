import { createFileRoute, notFound } from '@tanstack/react-router'
import { CustomerOrderEditPage } from '~/features/customer-orders/CustomerOrderEditPage'
import { customerOrderQuery } from '~/features/customer-orders/customer-orders.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/customer_orders/$id/edit')({
  // Always the current version: the form saves against it.
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({ ...customerOrderQuery(params.id), staleTime: 0 })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('customerOrderEdit'),
  component: CustomerOrderEditPage,
})
