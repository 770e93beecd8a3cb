import { createFileRoute, notFound } from '@tanstack/react-router'
import { CustomerOrderPage } from '~/features/customer-orders/CustomerOrderPage'
import { customerOrderQuery } from '~/features/customer-orders/customer-orders.queries'
import { orderDocumentsQuery } from '~/features/documents/document-cards.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/customer_orders/$id/')({
  // Always the current version: every action on the page is checked against it.
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({ ...customerOrderQuery(params.id), staleTime: 0 })
      await context.queryClient.ensureQueryData(orderDocumentsQuery(params.id))
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('customerOrder'),
  component: CustomerOrderPage,
})
