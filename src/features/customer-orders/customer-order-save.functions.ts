import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type {
  CreateCustomerOrderInput,
  FulfilmentInput,
  PickupPaymentInput,
  PrescriptionInput,
  UpdateCustomerOrderInput,
} from '~/lib/customer-order-schemas'
import type { CustomerOrderAction, PaymentStatus } from '~/lib/customer-orders'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
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
import { inputOf, passedOn, recordId } from '../server-fn/inputs'

/**
 * Changing customer orders. Only forms and buttons load these (never a loader). The services
 * parse the input with the shared zod schemas; the validators check its shape and pass it on.
 */

export const createCustomerOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ order: passedOn<CreateCustomerOrderInput>() }))
  .handler(async ({ data, context }) => createCustomerOrder(context.actor, data.order, context.db))

/** Items, delivery and note of a new order, against the version the form was opened with. */
export const updateCustomerOrderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, order: passedOn<UpdateCustomerOrderInput>() }))
  .handler(async ({ data, context }) =>
    updateCustomerOrder(context.actor, data.id, data.order, context.db),
  )

type UserAction = Exclude<CustomerOrderAction, 'expire'>
const userActions = [
  'confirm',
  'markReady',
  'ship',
  'complete',
  'cancel',
] as const satisfies readonly UserAction[]

/** One transition of the state table: the version the page showed, a reason, the picks. */
export const customerOrderActionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({
      id: recordId,
      action: z.enum(userActions, { error: 'Diesen Schritt gibt es nicht.' }),
      version: passedOn<number>(),
      reason: passedOn<string>().optional(),
      picks: passedOn<FulfilmentInput['picks']>().optional(),
      payment: passedOn<PickupPaymentInput>().optional(),
    }).transform(({ id, action, ...body }) => ({ id, action, body })),
  )
  .handler(async ({ data, context }) =>
    customerOrderActionServices[data.action](context.actor, data.id, data.body, context.db),
  )

export const setCustomerOrderPaymentFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({
      id: recordId,
      version: passedOn<number>(),
      paymentStatus: passedOn<PaymentStatus>(),
    }).transform(({ id, ...body }) => ({ id, body })),
  )
  .handler(async ({ data, context }) =>
    setCustomerOrderPayment(context.actor, data.id, data.body, context.db),
  )

export const recordPrescriptionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, prescription: passedOn<PrescriptionInput>() }))
  .handler(async ({ data, context }) =>
    recordPrescription(context.actor, data.id, data.prescription, context.db),
  )

export const checkPrescriptionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, version: passedOn<number>() }).transform(({ id, ...body }) => ({
      id,
      body,
    })),
  )
  .handler(async ({ data, context }) =>
    checkPrescription(context.actor, data.id, data.body, context.db),
  )

export const recordPrescriptionOriginalFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, version: passedOn<number>() }).transform(({ id, ...body }) => ({
      id,
      body,
    })),
  )
  .handler(async ({ data, context }) =>
    recordPrescriptionOriginal(context.actor, data.id, data.body, context.db),
  )
