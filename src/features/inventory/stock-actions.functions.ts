import { createServerFn } from '@tanstack/react-start'
import { isUuid } from '~/lib/ids'
import { maxSearchLength } from '~/lib/list-query'
import type { GoodsReceiptInput, HarvestInput } from '~/lib/stock-schemas'
import { getApp } from '~/server/app.server'
import { searchReceivableProducts } from '~/server/stock/inventory.server'
import {
  attachCertificate,
  blockBatch,
  correctStock,
  destroyStock,
  receiveGoods,
  recordHarvest,
  releaseBatch,
  setReceiptsReleased,
} from '~/server/stock/stock.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * What people do with stock on the inventory pages, and the receipt form's product search. Only
 * forms and buttons load these (never a loader), so they stay out of the first page load. The services parse every input with the
 * shared zod schemas (stock-schemas.ts); the validators here only pass it on in its place.
 */

/** The receipt form's product search; cut like a list's search (`maxSearchLength`). */
export const fetchReceivableProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { q: string }) => ({
    q: typeof input?.q === 'string' ? input.q.trim().slice(0, maxSearchLength) : '',
  }))
  .handler(async ({ data, context }) =>
    searchReceivableProducts(context.actor, data.q, (await getApp()).db),
  )

/** Passes an action's input on in its place; the service parses it. */
const passOn = <TInput>(input: TInput) => input as unknown

export const receiveGoodsFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: GoodsReceiptInput) => passOn(input))
  .handler(async ({ data, context }) => receiveGoods(context.actor, data, (await getApp()).db))

export const recordHarvestFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: HarvestInput) => passOn(input))
  .handler(async ({ data, context }) => recordHarvest(context.actor, data, (await getApp()).db))

const batchIdOf = (input: { batchId?: unknown } | null | undefined) =>
  isUuid(input?.batchId) ? input.batchId : ''

export const releaseBatchFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { batchId: string; testNumber: string }) => ({
    batchId: batchIdOf(input),
    testNumber: input?.testNumber as unknown,
  }))
  .handler(async ({ data, context }) => releaseBatch(context.actor, data, (await getApp()).db))

export const blockBatchFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { batchId: string; reason: string }) => ({
    batchId: batchIdOf(input),
    reason: input?.reason as unknown,
  }))
  .handler(async ({ data, context }) => blockBatch(context.actor, data, (await getApp()).db))

export const correctStockFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { batchId: string; quantity: number; reason: string }) => ({
    batchId: batchIdOf(input),
    quantity: input?.quantity as unknown,
    reason: input?.reason as unknown,
  }))
  .handler(async ({ data, context }) => correctStock(context.actor, data, (await getApp()).db))

export const destroyStockFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { batchId: string; quantity: number; reason: string }) => ({
    batchId: batchIdOf(input),
    quantity: input?.quantity as unknown,
    reason: input?.reason as unknown,
  }))
  .handler(async ({ data, context }) => destroyStock(context.actor, data, (await getApp()).db))

export const attachCertificateFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { batchId: string; coaFileId: string }) => ({
    batchId: batchIdOf(input),
    coaFileId: input?.coaFileId as unknown,
  }))
  .handler(async ({ data, context }) => attachCertificate(context.actor, data, (await getApp()).db))

export const setReceiptsReleasedFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { receiptsReleased: boolean }) => ({
    receiptsReleased: input?.receiptsReleased as unknown,
  }))
  .handler(async ({ data, context }) =>
    setReceiptsReleased(context.actor, data, (await getApp()).db),
  )
