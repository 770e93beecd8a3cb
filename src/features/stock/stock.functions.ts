import { createServerFn } from '@tanstack/react-start'
import { stockListSearch } from '~/lib/stock-lists'
import { getBatch, getReceiptFormContext, listStock } from '~/server/stock/stock-lists.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, noInput, readBy } from '../server-fn/inputs'

/** What the stock pages read; their loaders call these. */

export const fetchStock = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(stockListSearch.parse))
  .handler(async ({ data, context }) => listStock(context.actor, data, context.db))

export const fetchBatch = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getBatch(context.actor, data.id, context.db))

export const fetchReceiptFormContext = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => getReceiptFormContext(context.actor, context.db))
