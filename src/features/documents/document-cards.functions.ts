import { createServerFn } from '@tanstack/react-start'
import { getOrderDocuments, listCustomerDocuments } from '~/server/documents/documents.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput } from '../server-fn/inputs'

/** What the order's and the customer's document cards read. */

export const fetchOrderDocuments = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getOrderDocuments(context.actor, data.id, context.db))

export const fetchCustomerDocuments = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => listCustomerDocuments(context.actor, data.id, context.db))
