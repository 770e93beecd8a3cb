import { createServerFn } from '@tanstack/react-start'
import type { BatchCannabinoidsInput, GoodsReceiptInput, HarvestInput } from '~/lib/stock-schemas'
import {
  attachCertificate,
  blockBatch,
  correctBatchCannabinoids,
  correctStock,
  destroyStock,
  receiveGoods,
  recordHarvest,
  releaseBatch,
  setReceiptsReleased,
} from '~/server/stock/stock.server'
import { searchReceivableProducts } from '~/server/stock/stock-lists.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, objectInput, passedOn, recordId, searchInput } from '../server-fn/inputs'

/**
 * What people do with stock on the stock pages, and the receipt form's product search. Only
 * forms and buttons load these (never a loader), so they stay out of the first page load. The
 * services parse every input with the shared zod schemas (stock-schemas.ts); the validators here
 * check its shape.
 */

/** The receipt form's product search; cut like a list's search (`maxSearchLength`). */
export const fetchReceivableProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(searchInput)
  .handler(async ({ data, context }) => searchReceivableProducts(context.actor, data.q, context.db))

export const receiveGoodsFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<GoodsReceiptInput>())
  .handler(async ({ data, context }) => receiveGoods(context.actor, data, context.db))

export const recordHarvestFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<HarvestInput>())
  .handler(async ({ data, context }) => recordHarvest(context.actor, data, context.db))

export const releaseBatchFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({
      batchId: recordId,
      testNumber: passedOn<string>(),
      confirmMissingCannabinoids: passedOn<boolean>(),
    }),
  )
  .handler(async ({ data, context }) => releaseBatch(context.actor, data, context.db))

export const correctBatchCannabinoidsFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<BatchCannabinoidsInput>())
  .handler(async ({ data, context }) => correctBatchCannabinoids(context.actor, data, context.db))

export const blockBatchFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ batchId: recordId, reason: passedOn<string>() }))
  .handler(async ({ data, context }) => blockBatch(context.actor, data, context.db))

/** A change of a batch's quantity, with the reason the stock book records. */
const quantityInput = inputOf({
  batchId: recordId,
  quantity: passedOn<number>(),
  reason: passedOn<string>(),
})

export const correctStockFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(quantityInput)
  .handler(async ({ data, context }) => correctStock(context.actor, data, context.db))

export const destroyStockFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(quantityInput)
  .handler(async ({ data, context }) => destroyStock(context.actor, data, context.db))

export const attachCertificateFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ batchId: recordId, coaFileId: passedOn<string>() }))
  .handler(async ({ data, context }) => attachCertificate(context.actor, data, context.db))

export const setReceiptsReleasedFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ receiptsReleased: passedOn<boolean>() }))
  .handler(async ({ data, context }) => setReceiptsReleased(context.actor, data, context.db))
