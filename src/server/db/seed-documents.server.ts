import { and, asc, eq, inArray } from 'drizzle-orm'
import type { CustomerOrderStatus, SellableProduct } from '../../lib/customer-orders'
import type { BusinessActor } from '../actor.server'
import { customerOrderActionServices } from '../customer-orders/customer-order-transitions.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import {
  createCustomerOrder,
  searchSellableProducts,
} from '../customer-orders/customer-orders.server'
import { cancelOrderInvoice, issueOrderDocument } from '../documents/document-issue.server'
import { documents } from '../documents/documents.schema'
import type { Database } from './client.server'
import { demoIds } from './seed.server'
import { demoActorOf } from './seed-actor.server'
import { demoCustomerIds } from './seed-customers.server'

/**
 * Demo documents, issued through the document service from the demo orders (so numbers, bytes,
 * timeline and audit agree): invoices for the completed orders of Sonnen-Apotheke and Nordhanf,
 * one of them cancelled and issued again, a delivery note and an order confirmation. Runs once:
 * an organisation with documents is left as it is.
 *
 * It reads the orders by status, after the order seed. Where an organisation has no completed
 * order (the order seed is not wired yet; Nordhanf's orders from purchase orders are still open),
 * it first makes the few it needs through the order services.
 */

/** The smallest quantity the listing's rules allow. */
function leastQuantity(product: SellableProduct): number {
  const step = product.orderStep
  return Math.ceil((product.minOrderQuantity ?? step) / step) * step
}

type Step = 'confirm' | 'markReady' | 'ship' | 'complete'

const stepsTo: Record<'confirmed' | 'shipped' | 'completed', Step[]> = {
  confirmed: ['confirm'],
  shipped: ['confirm', 'ship'],
  completed: ['confirm', 'ship', 'complete'],
}

/** A few orders of business customers (no prescription needed), moved on by the services. */
async function fallbackOrders(
  db: Database,
  actor: BusinessActor,
  orders: { customerId: string; status: keyof typeof stepsTo }[],
) {
  const products = (await searchSellableProducts(actor, '', db))
    .filter((product) => product.availableSalesUnits >= 10 * leastQuantity(product))
    .sort((a, b) => b.availableSalesUnits - a.availableSalesUnits)
  for (const [index, demo] of orders.entries()) {
    const product = products[index % Math.max(products.length, 1)]
    if (!product) return
    const created = await createCustomerOrder(
      actor,
      {
        customerId: demo.customerId,
        items: [{ listingId: product.listingId, quantity: leastQuantity(product) }],
        delivery: { method: 'shipping' },
        note: null,
      },
      db,
    )
    let version = created.version
    for (const step of stepsTo[demo.status]) {
      version = (await customerOrderActionServices[step](actor, created.id, { version }, db))
        .version
    }
  }
}

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

async function hasCompletedOrders(db: Database, organisationId: string) {
  const [order] = await db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.organisationId, organisationId),
        eq(customerOrders.status, 'completed'),
      ),
    )
    .limit(1)
  return order !== undefined
}

async function seedDocumentsOf(
  db: Database,
  actor: BusinessActor,
  options: { cancelOne: boolean },
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

  if (!(await hasCompletedOrders(db, demoIds.pharmacy))) {
    await fallbackOrders(db, pharmacist, [
      { customerId: demoCustomerIds.lindenApotheke, status: 'completed' },
      { customerId: demoCustomerIds.painClinic, status: 'completed' },
      { customerId: demoCustomerIds.practice, status: 'shipped' },
      { customerId: demoCustomerIds.lindenApotheke, status: 'confirmed' },
    ])
  }
  if (!(await hasCompletedOrders(db, demoIds.wholesaler))) {
    await fallbackOrders(db, wholesaler, [
      { customerId: demoCustomerIds.nordhanfSonnenApotheke, status: 'completed' },
      { customerId: demoCustomerIds.nordhanfSonnenApotheke, status: 'shipped' },
    ])
  }
  await seedDocumentsOf(db, pharmacist, { cancelOne: true })
  await seedDocumentsOf(db, wholesaler, { cancelOne: false })
}
