import { createServerFn } from '@tanstack/react-start'
import { isUuid } from '~/lib/ids'
import type {
  PurchaseOrderDraftInput,
  PurchaseOrderReceiptInput,
  SupplierInput,
  UpdatePurchaseOrderInput,
} from '~/lib/purchase-order-schemas'
import { getApp } from '~/server/app.server'
import { receivePurchaseOrder } from '~/server/purchasing/purchase-order-receipts.server'
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  orderPurchaseOrder,
  updatePurchaseOrder,
} from '~/server/purchasing/purchase-orders.server'
import {
  archiveSupplier,
  createSupplier,
  restoreSupplier,
  updateSupplier,
} from '~/server/purchasing/suppliers.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * Changing suppliers and purchase orders. Only forms and buttons load these (never a loader).
 * The services parse the input with the shared zod schemas; the validators only pass it on.
 */

const idOf = (input: { id?: unknown } | null | undefined) => (isUuid(input?.id) ? input.id : '')

export const createSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { supplier: SupplierInput }) => ({ supplier: input?.supplier as unknown }))
  .handler(async ({ data, context }) =>
    createSupplier(context.actor, data.supplier, (await getApp()).db),
  )

export const updateSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; supplier: SupplierInput }) => ({
    id: idOf(input),
    supplier: input?.supplier as unknown,
  }))
  .handler(async ({ data, context }) =>
    updateSupplier(context.actor, data.id, data.supplier, (await getApp()).db),
  )

export const archiveSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string }) => ({ id: idOf(input) }))
  .handler(async ({ data, context }) =>
    archiveSupplier(context.actor, data.id, (await getApp()).db),
  )

export const restoreSupplierFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string }) => ({ id: idOf(input) }))
  .handler(async ({ data, context }) =>
    restoreSupplier(context.actor, data.id, (await getApp()).db),
  )

export const createPurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { order: PurchaseOrderDraftInput }) => ({ order: input?.order as unknown }))
  .handler(async ({ data, context }) =>
    createPurchaseOrder(context.actor, data.order, (await getApp()).db),
  )

export const updatePurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; order: UpdatePurchaseOrderInput }) => ({
    id: idOf(input),
    order: input?.order as unknown,
  }))
  .handler(async ({ data, context }) =>
    updatePurchaseOrder(context.actor, data.id, data.order, (await getApp()).db),
  )

export const orderPurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; revision: number }) => ({
    id: idOf(input),
    transition: { revision: input?.revision as unknown },
  }))
  .handler(async ({ data, context }) =>
    orderPurchaseOrder(context.actor, data.id, data.transition, (await getApp()).db),
  )

export const cancelPurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; revision: number; reason: string }) => ({
    id: idOf(input),
    cancellation: { revision: input?.revision as unknown, reason: input?.reason as unknown },
  }))
  .handler(async ({ data, context }) =>
    cancelPurchaseOrder(context.actor, data.id, data.cancellation, (await getApp()).db),
  )

export const receivePurchaseOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; receipt: PurchaseOrderReceiptInput }) => ({
    id: idOf(input),
    receipt: input?.receipt as unknown,
  }))
  .handler(async ({ data, context }) => {
    const result = await receivePurchaseOrder(
      context.actor,
      data.id,
      data.receipt,
      (await getApp()).db,
    )
    return { id: result.id, status: result.status, batchCount: result.batches.length }
  })
