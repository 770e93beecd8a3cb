import { and, asc, eq, inArray } from 'drizzle-orm'
import type { CustomerOrderStatus } from '../../lib/customer-orders'
import type { BusinessActor } from '../actor.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { issueCreditNote } from '../documents/credit-notes.server'
import { cancelOrderInvoice, issueOrderDocument } from '../documents/document-issue.server'
import { documents } from '../documents/documents.schema'
import type { Database } from './client.server'
import { demoActorOf } from './seed-actor.server'
import { demoIds } from './seed-ids.server'

/**
 * Demo documents, issued through the document service from the demo orders (so numbers, bytes,
 * timeline and audit agree): invoices for the completed orders of Sonnen-Apotheke and Nordhanf,
 * one of them cancelled and issued again, one corrected in part by a credit note, a delivery note
 * and an order confirmation. Runs once:
 * an organisation with documents is left as it is.
 * It reads the orders by status, so it runs after the order seed.
 */

async function ordersIn(db: Database, organisationId: string, statuses: CustomerOrderStatus[]) {
  return db
    .select({ id: customerOrders.id, status: customerOrders.status })
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.organisationId, organisationId),
        inArray(customerOrders.status, statuses),
      ),
    )
    .orderBy(asc(customerOrders.createdAt), asc(customerOrders.number))
}

async function seedDocumentsOf(
  db: Database,
  actor: BusinessActor,
  options: { cancelOne: boolean; creditOne: boolean },
) {
  const organisationId = actor.organisation.id
  const completed = await ordersIn(db, organisationId, ['completed'])
  for (const order of completed) {
    await issueOrderDocument(actor, order.id, 'invoice', db)
  }
  const first = completed[0]
  if (options.cancelOne && first) {
    await cancelOrderInvoice(actor, first.id, { reason: 'Rechnungsanschrift war veraltet.' }, db)
    await issueOrderDocument(actor, first.id, 'invoice', db)
  }
  // A partial correction: one unit of the last invoice's first line taken back (ADR 057).
  const last = completed.at(-1)
  if (options.creditOne && last) {
    await issueCreditNote(
      actor,
      last.id,
      {
        reason: 'return',
        lines: [{ position: 1, quantity: 1 }],
        note: 'Rücknahme einer beschädigt gelieferten Einheit.',
      },
      db,
    )
  }
  const [shipped] = await ordersIn(db, organisationId, ['shipped', 'ready'])
  const noteFor = shipped ?? completed[0]
  if (noteFor) await issueOrderDocument(actor, noteFor.id, 'delivery_note', db)
  const [confirmed] = await ordersIn(db, organisationId, ['confirmed'])
  if (confirmed) await issueOrderDocument(actor, confirmed.id, 'order_confirmation', db)
}

export async function seedDemoDocuments(db: Database): Promise<void> {
  const [existing] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.organisationId, demoIds.pharmacy))
    .limit(1)
  if (existing) return
  const pharmacist = await demoActorOf(db, demoIds.userPharmacyOwner)
  const wholesaler = await demoActorOf(db, demoIds.userWholesalerOwner)

  await seedDocumentsOf(db, pharmacist, { cancelOne: true, creditOne: false })
  await seedDocumentsOf(db, wholesaler, { cancelOne: false, creditOne: true })
}
