import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { CustomerOrderForm } from './CustomerOrderForm'
import { customerOrderQuery } from './customer-orders.queries'

const route = getRouteApi('/_app/customer_orders/$id/edit')

/** `/customer_orders/$id/edit`: the order form prefilled with a new order, saved against its version. */
export function CustomerOrderEditPage() {
  const { id } = route.useParams()
  const { data: order } = useSuspenseQuery(customerOrderQuery(id))
  // Keyed by version: a reload after a conflict starts the form from the current order.
  return <CustomerOrderForm key={order.version} order={order} />
}
