import { createServerFn } from '@tanstack/react-start'
import { isUuid } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import { cancelOrderInvoice, issueOrderDocument } from '~/server/documents/document-issue.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * Issuing documents for an order. Only the order's document card loads these (never a loader).
 * The services check the order's state and parse the input; the validators only pass it on.
 */

const issuableKinds = ['invoice', 'delivery_note', 'order_confirmation'] as const
type IssuableKind = (typeof issuableKinds)[number]

const orderIdOf = (input: { orderId?: unknown } | null | undefined) =>
  isUuid(input?.orderId) ? input.orderId : ''

export const issueOrderDocumentFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { orderId: string; kind: IssuableKind }) => ({
    orderId: orderIdOf(input),
    kind: issuableKinds.includes(input?.kind) ? input.kind : 'invoice',
  }))
  .handler(async ({ data, context }) =>
    issueOrderDocument(context.actor, data.orderId, data.kind, (await getApp()).db),
  )

export const cancelOrderInvoiceFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { orderId: string; reason: string }) => ({
    orderId: orderIdOf(input),
    input: { reason: input?.reason as unknown },
  }))
  .handler(async ({ data, context }) =>
    cancelOrderInvoice(context.actor, data.orderId, data.input, (await getApp()).db),
  )
