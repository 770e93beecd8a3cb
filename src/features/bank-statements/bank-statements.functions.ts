import { createServerFn } from '@tanstack/react-start'
import {
  confirmBankEntry,
  ignoreBankEntry,
  listBankEntries,
  searchOpenOrders,
} from '~/server/payments/bank-statements.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, passedOn, recordId } from '../server-fn/inputs'

/**
 * The review of read bank statements (ADR 071): a page of entries, the search for an open order,
 * and the pharmacy's decision per entry. The upload itself is an API route (multipart, progress).
 */

export const fetchBankEntries = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(inputOf({ page: passedOn<number>(), view: passedOn<'open' | 'done'>() }))
  .handler(async ({ data, context }) => listBankEntries(context.actor, data, context.db))

export const searchOpenOrdersFn = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(inputOf({ query: passedOn<string>() }))
  .handler(async ({ data, context }) => searchOpenOrders(context.actor, data, context.db))

export const confirmBankEntryFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, orderIds: passedOn<string[]>() }))
  .handler(async ({ data, context }) =>
    confirmBankEntry(context.actor, data.id, { orderIds: data.orderIds }, context.db),
  )

export const ignoreBankEntryFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => ignoreBankEntry(context.actor, data.id, context.db))
