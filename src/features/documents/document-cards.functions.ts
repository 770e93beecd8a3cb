import { createServerFn } from '@tanstack/react-start'
import { parseIdInput } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import { getOrderDocuments, listCustomerDocuments } from '~/server/documents/documents.server'
import { authenticated } from '../server-fn/auth.middleware'

/** What the order's and the customer's document cards read (zod-free validators). */

export const fetchOrderDocuments = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    getOrderDocuments(context.actor, data.id, (await getApp()).db),
  )

export const fetchCustomerDocuments = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    listCustomerDocuments(context.actor, data.id, (await getApp()).db),
  )
