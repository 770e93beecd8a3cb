import { createServerFn } from '@tanstack/react-start'
import type {
  CreateCustomerOrderInput,
  FulfilmentInput,
  PrescriptionInput,
  UpdateCustomerOrderInput,
} from '~/lib/customer-order-schemas'
import type { CustomerOrderAction, PaymentStatus } from '~/lib/customer-orders'
import { isUuid } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import {
  checkPrescription,
  recordPrescription,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import {
  customerOrderActionServices,
  setCustomerOrderPayment,
} from '~/server/customer-orders/customer-order-transitions.server'
import {
  createCustomerOrder,
  updateCustomerOrder,
} from '~/server/customer-orders/customer-orders.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * Changing customer orders. Only forms and buttons load these (never a loader). The services
 * parse the input with the shared zod schemas; the validators only pass it on.
 */

const idOf = (input: { id?: unknown } | null | undefined) => (isUuid(input?.id) ? input.id : '')

export const createCustomerOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { order: CreateCustomerOrderInput }) => ({ order: input?.order as unknown }))
  .handler(async ({ data, context }) =>
    createCustomerOrder(context.actor, data.order, (await getApp()).db),
  )

/** Items, delivery and note of a new order, against the version the form was opened with. */
export const updateCustomerOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; order: UpdateCustomerOrderInput }) => ({
    id: idOf(input),
    order: input?.order as unknown,
  }))
  .handler(async ({ data, context }) =>
    updateCustomerOrder(context.actor, data.id, data.order, (await getApp()).db),
  )

type UserAction = Exclude<CustomerOrderAction, 'expire'>
const userActions: readonly UserAction[] = ['confirm', 'markReady', 'ship', 'complete', 'cancel']

/** One transition of the state table: the version the page showed, a reason, the picks. */
export const customerOrderActionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    (input: {
      id: string
      action: UserAction
      version: number
      reason?: string
      picks?: FulfilmentInput['picks']
    }) => ({
      id: idOf(input),
      action: userActions.includes(input?.action) ? input.action : 'confirm',
      body: {
        version: input?.version as unknown,
        reason: input?.reason as unknown,
        picks: input?.picks as unknown,
      },
    }),
  )
  .handler(async ({ data, context }) =>
    customerOrderActionServices[data.action](
      context.actor,
      data.id,
      data.body,
      (await getApp()).db,
    ),
  )

export const setCustomerOrderPaymentFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; version: number; paymentStatus: PaymentStatus }) => ({
    id: idOf(input),
    body: { version: input?.version as unknown, paymentStatus: input?.paymentStatus as unknown },
  }))
  .handler(async ({ data, context }) =>
    setCustomerOrderPayment(context.actor, data.id, data.body, (await getApp()).db),
  )

export const recordPrescriptionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; prescription: PrescriptionInput }) => ({
    id: idOf(input),
    prescription: input?.prescription as unknown,
  }))
  .handler(async ({ data, context }) =>
    recordPrescription(context.actor, data.id, data.prescription, (await getApp()).db),
  )

export const checkPrescriptionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; version: number }) => ({
    id: idOf(input),
    body: { version: input?.version as unknown },
  }))
  .handler(async ({ data, context }) =>
    checkPrescription(context.actor, data.id, data.body, (await getApp()).db),
  )
