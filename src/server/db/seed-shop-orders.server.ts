import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import type { ShopActor } from '../actor.server'
import { getActiveShopUser } from '../auth.server'
import { addToCart } from '../cart/cart.server'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '../customer-orders/customer-order-prescriptions.server'
import { customerOrderActionServices } from '../customer-orders/customer-order-transitions.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { issueOrderDocument } from '../documents/document-issue.server'
import { createSecretBox } from '../secrets.server'
import { placeShopOrder } from '../shop/checkout.server'
import { configuratorProducts } from '../shop/configurator-products.server'
import { createShopAddress, listShopAddresses } from '../shop-accounts/shop-addresses.server'
import { findTenantBySlug, isShopTenant } from '../tenants.server'
import type { Database } from './client.server'
import { demoActorOf } from './seed-actor.server'
import { demoIds } from './seed-ids.server'

/**
 * The demo patient's life in the shop (issue 12): two addresses, a completed order with its
 * invoice, an order waiting for the pharmacist's prescription check, and a cancelled one — made
 * through the cart, the checkout and the back-office services, like a real customer's. Runs once:
 * a patient with an address book is left as she is.
 */
export async function seedDemoShopOrders(db: Database): Promise<void> {
  const tenant = await findTenantBySlug(db, 'sonnen-apotheke')
  const user = await getActiveShopUser(db, demoIds.shopCustomer)
  if (!isShopTenant(tenant) || !user) return
  const customer: ShopActor = {
    kind: 'shop',
    user,
    tenant,
    sessionId: 'seed',
    requestId: null,
  }
  if ((await listShopAddresses(customer, db)).length > 0) return
  const home = await createShopAddress(
    customer,
    {
      name: user.name,
      street: 'Weserstraße 12',
      postalCode: '12045',
      city: 'Berlin',
      defaultBilling: true,
      defaultShipping: true,
    },
    db,
  )
  await createShopAddress(
    customer,
    {
      name: user.name,
      addition: 'bei Schneider',
      street: 'Sonnenallee 101',
      postalCode: '12047',
      city: 'Berlin',
    },
    db,
  )

  const pharmacist = await demoActorOf(db, demoIds.userPharmacyOwner)
  // The demo shop offers no online payment, so the checkout never opens a Mollie key here.
  const app = { db, secrets: createSecretBox(randomBytes(32).toString('base64')), config: {} }
  const flowers = (await configuratorProducts(db, tenant)).filter(
    (product) => product.category === 'flower' && product.availableSalesUnits >= 20,
  )
  const order = async (
    listingIndex: number,
    eRezept: string,
    paymentMethod: 'pickup' | 'bank_transfer' = 'pickup',
  ) => {
    const product = flowers[listingIndex % flowers.length]
    if (!product) throw new Error('the demo shop needs flowers in stock')
    await addToCart(
      db,
      tenant,
      { shopUserId: user.id },
      {
        listingId: product.id,
        quantity: Math.max(product.minOrderQuantity ?? 1, product.orderStep),
      },
      '127.0.0.1',
    )
    return placeShopOrder(app, tenant, customer, {
      billingAddressId: home.id,
      deliveryMethod: 'pickup',
      paymentMethod,
      prescription: {
        payer: 'statutory',
        evidence: 'e_rezept',
        eRezeptToken: `Task/160.000.000.000.000.${eRezept}/$accept?ac=${'7e'.repeat(32)}`,
      },
    })
  }
  const versionOf = async (id: string) => {
    const [row] = await db
      .select({ version: customerOrders.version })
      .from(customerOrders)
      .where(
        and(eq(customerOrders.id, id), eq(customerOrders.organisationId, tenant.organisationId)),
      )
    return row?.version ?? 0
  }
  const act = async (action: 'confirm' | 'markReady' | 'complete', id: string) =>
    customerOrderActionServices[action](pharmacist, id, { version: await versionOf(id) }, db)

  // Completed and invoiced: prescription recorded from the e-Rezept and checked, paid at pickup.
  const completed = await order(0, '11')
  await recordPrescription(
    pharmacist,
    completed.id,
    {
      version: await versionOf(completed.id),
      payer: 'statutory',
      form: 'e_rezept',
      prescriberName: 'Dr. med. Felix Hartmann',
      prescriberAddress: 'Hermannplatz 5, 10967 Berlin',
      issuedOn: berlinIsoDate(new Date(Date.now() - 2 * 86_400_000)),
      dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
      preparation: 'ground',
      insurerName: 'Techniker Krankenkasse',
      insuranceNumber: 'T123456789',
      eRezeptToken: `Task/160.000.000.000.000.11/$accept?ac=${'7e'.repeat(32)}`,
    },
    db,
  )
  await checkPrescription(pharmacist, completed.id, { version: await versionOf(completed.id) }, db)
  await act('confirm', completed.id)
  await act('markReady', completed.id)
  // Redeemed at the hand-over: the goods leave only with it (domain.md).
  await recordPrescriptionOriginal(
    pharmacist,
    completed.id,
    { version: await versionOf(completed.id) },
    db,
  )
  // The patient paid the co-payment in cash at the till at the hand-over (ADR 055).
  await customerOrderActionServices.complete(
    pharmacist,
    completed.id,
    {
      version: await versionOf(completed.id),
      payment: { choice: 'cash', tillReceiptNumber: 'B-2026-004711' },
    },
    db,
  )
  await issueOrderDocument(pharmacist, completed.id, 'invoice', db)

  // Waiting for the pharmacist to check the prescription.
  await order(1, '12')

  // Paid by bank transfer, not paid yet: the demo statement `docs/demo-camt053.xml`
  // (`scripts/demo-camt053.ts`) pays them, for the bank matching (ADR 071).
  await order(3, '14', 'bank_transfer')
  await order(4, '15', 'bank_transfer')

  // Cancelled by the pharmacy.
  const cancelled = await order(2, '13')
  await customerOrderActionServices.cancel(
    pharmacist,
    cancelled.id,
    {
      version: await versionOf(cancelled.id),
      reason: 'Das Rezept nennt eine andere Sorte; bitte lassen Sie es ändern.',
    },
    db,
  )
}
