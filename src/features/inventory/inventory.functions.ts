import { createServerFn } from '@tanstack/react-start'
import { parseIdInput } from '~/lib/ids'
import { inventoryListSearch } from '~/lib/inventory'
import { getApp } from '~/server/app.server'
import { getBatch, getReceiptFormContext, listInventory } from '~/server/stock/inventory.server'
import { authenticated } from '../server-fn/auth.middleware'

/** What the inventory pages read; their loaders call these (zod-free validators). */

export const fetchInventory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(inventoryListSearch.parse)
  .handler(async ({ data, context }) => listInventory(context.actor, data, (await getApp()).db))

export const fetchBatch = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) => getBatch(context.actor, data.id, (await getApp()).db))

export const fetchReceiptFormContext = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => getReceiptFormContext(context.actor, (await getApp()).db))
