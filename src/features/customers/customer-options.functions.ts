import { createServerFn } from '@tanstack/react-start'
import { searchCustomerOptions } from '~/server/customers/customers.server'
import { authenticated } from '../server-fn/auth.middleware'
import { searchInput } from '../server-fn/inputs'

/**
 * The picker's search over the organisation's active customers. Apart from the page reads
 * because only the picker (in the order form) loads it, never a route's loader: it stays out of
 * the first page load (ADR 013).
 */
export const fetchCustomerOptions = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(searchInput)
  .handler(async ({ data, context }) => searchCustomerOptions(context.actor, data.q, context.db))
