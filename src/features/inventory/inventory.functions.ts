import { createServerFn } from '@tanstack/react-start'
import { inventoryListSearch } from '~/lib/inventory'
import { getBatch, getReceiptFormContext, listInventory } from '~/server/stock/inventory.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, noInput, readBy } from '../server-fn/inputs'

/** What the inventory pages read; their loaders call these. */

export const fetchInventory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(inventoryListSearch.parse))
  .handler(async ({ data, context }) => listInventory(context.actor, data, context.db))

export const fetchBatch = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getBatch(context.actor, data.id, context.db))

export const fetchReceiptFormContext = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => getReceiptFormContext(context.actor, context.db))
