import { createServerFn } from '@tanstack/react-start'
import { customerOrderListSearch } from '~/lib/customer-order-lists'
import {
  getCustomerOrder,
  listCustomerOrders,
} from '~/server/customer-orders/customer-orders.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, readBy } from '../server-fn/inputs'

/** What the customer-order pages read; loaders call the first two. */

export const fetchCustomerOrders = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(customerOrderListSearch.parse))
  .handler(async ({ data, context }) => listCustomerOrders(context.actor, data, context.db))

export const fetchCustomerOrder = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getCustomerOrder(context.actor, data.id, context.db))
