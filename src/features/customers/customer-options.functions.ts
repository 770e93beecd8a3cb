import { createServerFn } from '@tanstack/react-start'
import { maxSearchLength } from '~/lib/list-query'
import { getApp } from '~/server/app.server'
import { searchCustomerOptions } from '~/server/customers/customers.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * The picker's search over the organisation's active customers. Apart from the page reads
 * because only the picker (in the order form) loads it, never a route's loader: it stays out of
 * the first page load (ADR 013).
 */
export const fetchCustomerOptions = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { q: string }) => ({
    q: typeof input?.q === 'string' ? input.q.trim().slice(0, maxSearchLength) : '',
  }))
  .handler(async ({ data, context }) =>
    searchCustomerOptions(context.actor, data.q, (await getApp()).db),
  )
