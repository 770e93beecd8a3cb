import { createServerFn } from '@tanstack/react-start'
import { customerListSearch } from '~/lib/customer-lists'
import { exportCustomer } from '~/server/customers/customer-privacy.server'
import { getCustomer, listCustomers } from '~/server/customers/customers.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, readBy } from '../server-fn/inputs'

/** What the customer pages read; their loaders call these. */

export const fetchCustomers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(customerListSearch.parse))
  .handler(async ({ data, context }) => listCustomers(context.actor, data, context.db))

export const fetchCustomer = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getCustomer(context.actor, data.id, context.db))

/** The DSGVO export; each read is recorded in the audit log. */
export const fetchCustomerExport = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => exportCustomer(context.actor, data.id, context.db))
