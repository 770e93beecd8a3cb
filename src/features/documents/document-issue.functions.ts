import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { type CreditNoteInput, issueCreditNote } from '~/server/documents/credit-notes.server'
import { cancelOrderInvoice, issueOrderDocument } from '~/server/documents/document-issue.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, passedOn, recordId } from '../server-fn/inputs'

/**
 * Issuing documents for an order. Only the order's document card loads these (never a loader).
 * The services check the order's state and parse the input; the validators check its shape.
 */

const issuableKinds = ['invoice', 'delivery_note', 'order_confirmation'] as const

export const issueOrderDocumentFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({
      orderId: recordId,
      kind: z.enum(issuableKinds, { error: 'Diese Belegart gibt es nicht.' }),
      /** An invoice before the goods leave, marked "Vorausrechnung" (ADR 055). */
      advance: z.boolean().optional(),
    }),
  )
  .handler(async ({ data, context }) =>
    issueOrderDocument(context.actor, data.orderId, data.kind, context.db, new Date(), {
      advance: data.advance,
    }),
  )

export const cancelOrderInvoiceFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ orderId: recordId, reason: passedOn<string>() }).transform(({ orderId, reason }) => ({
      orderId,
      input: { reason },
    })),
  )
  .handler(async ({ data, context }) =>
    cancelOrderInvoice(context.actor, data.orderId, data.input, context.db),
  )

export const issueCreditNoteFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ orderId: recordId, credit: passedOn<CreditNoteInput>() }))
  .handler(async ({ data, context }) =>
    issueCreditNote(context.actor, data.orderId, data.credit, context.db),
  )
