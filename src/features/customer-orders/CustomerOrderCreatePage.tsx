import { CustomerOrderForm } from './CustomerOrderForm'

/** `/customer_orders/create`: the order form for a new order. */
export function CustomerOrderCreatePage() {
  return <CustomerOrderForm />
}
