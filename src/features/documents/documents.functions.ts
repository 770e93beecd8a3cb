import { createServerFn } from '@tanstack/react-start'
import { documentListSearch } from '~/lib/document-lists'
import { parseIdInput } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import {
  getOrderDocuments,
  listCustomerDocuments,
  listDocuments,
} from '~/server/documents/documents.server'
import { authenticated } from '../server-fn/auth.middleware'

/** What the document pages and cards read; loaders and queries call these (zod-free validators). */

export const fetchDocuments = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(documentListSearch.parse)
  .handler(async ({ data, context }) => listDocuments(context.actor, data, (await getApp()).db))

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
