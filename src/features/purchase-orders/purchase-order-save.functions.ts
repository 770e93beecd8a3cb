import { createServerFn } from '@tanstack/react-start'
import type {
  PurchaseOrderDraftInput,
  PurchaseOrderReceiptInput,
  SupplierInput,
  UpdatePurchaseOrderInput,
} from '~/lib/purchase-order-schemas'
import { receivePurchaseOrder } from '~/server/purchase-orders/purchase-order-receipts.server'
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  orderPurchaseOrder,
  updatePurchaseOrder,
} from '~/server/purchase-orders/purchase-orders.server'
import { reorderLowStock } from '~/server/purchase-orders/reorder.server'
import {
  archiveSupplier,
  createSupplier,
  restoreSupplier,
  updateSupplier,
} from '~/server/purchase-orders/suppliers.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, noInput, passedOn, recordId } from '../server-fn/inputs'

/**
 * Changing suppliers and purchase orders. Only forms and buttons load these (never a loader).
 * The services parse the input with the shared zod schemas; the validators check its shape.
 */

export const createSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ supplier: passedOn<SupplierInput>() }))
  .handler(async ({ data, context }) => createSupplier(context.actor, data.supplier, context.db))

export const updateSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, supplier: passedOn<SupplierInput>() }))
  .handler(async ({ data, context }) =>
    updateSupplier(context.actor, data.id, data.supplier, context.db),
  )

export const archiveSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => archiveSupplier(context.actor, data.id, context.db))

export const restoreSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => restoreSupplier(context.actor, data.id, context.db))

export const createPurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ order: passedOn<PurchaseOrderDraftInput>() }))
  .handler(async ({ data, context }) => createPurchaseOrder(context.actor, data.order, context.db))

export const updatePurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, order: passedOn<UpdatePurchaseOrderInput>() }))
  .handler(async ({ data, context }) =>
    updatePurchaseOrder(context.actor, data.id, data.order, context.db),
  )

export const orderPurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, revision: passedOn<number>() }).transform(({ id, revision }) => ({
      id,
      transition: { revision },
    })),
  )
  .handler(async ({ data, context }) =>
    orderPurchaseOrder(context.actor, data.id, data.transition, context.db),
  )

export const cancelPurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, revision: passedOn<number>(), reason: passedOn<string>() }).transform(
      ({ id, ...cancellation }) => ({ id, cancellation }),
    ),
  )
  .handler(async ({ data, context }) =>
    cancelPurchaseOrder(context.actor, data.id, data.cancellation, context.db),
  )

export const receivePurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, receipt: passedOn<PurchaseOrderReceiptInput>() }))
  .handler(async ({ data, context }) => {
    const result = await receivePurchaseOrder(context.actor, data.id, data.receipt, context.db)
    return { id: result.id, status: result.status, batchCount: result.batches.length }
  })

/** "Nachbestellen" on the low-stock list: the drafts per supplier (ADR 075). */
export const reorderLowStockFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => reorderLowStock(context.actor, context.db))
