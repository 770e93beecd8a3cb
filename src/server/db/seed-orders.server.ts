import { eq } from 'drizzle-orm'
import type { CustomerOrderStatus, PaymentStatus, SellableProduct } from '../../lib/customer-orders'
import { berlinIsoDate } from '../../lib/format'
import { type BusinessActor, systemActor } from '../actor.server'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '../customer-orders/customer-order-prescriptions.server'
import {
  cancelCustomerOrder,
  completeCustomerOrder,
  confirmCustomerOrder,
  expireCustomerOrder,
  markCustomerOrderReady,
  setCustomerOrderPayment,
  shipCustomerOrder,
} from '../customer-orders/customer-order-transitions.server'
import {
  customerOrderPrescriptions,
  customerOrders,
} from '../customer-orders/customer-orders.schema'
import {
  createCustomerOrder,
  searchSellableProducts,
} from '../customer-orders/customer-orders.server'
import type { Database } from './client.server'
import { demoActorOf } from './seed-actor.server'
import { demoCustomerIds } from './seed-customers.server'
import { demoIds } from './seed-ids.server'

/**
 * Customer orders of Sonnen-Apotheke and Nordhanf in every status and payment state, made through
 * the order services so numbers, totals, reservations, sale movements, timeline and audit agree
 * with the demo stock. Runs once: an organisation that has customer orders is left as it is.

 */

/** The customers the demo orders are for (seeded by the customers area). */
export const demoOrderCustomerIds = {
  /** Statutory patient of Sonnen-Apotheke (co-payment). */
  statutoryPatient: demoCustomerIds.statutoryPatient,
  /** Private patient of Sonnen-Apotheke. */
  privatePatient: demoCustomerIds.privatePatient,
  /** A practice buying accessories at Sonnen-Apotheke. */
  business: demoCustomerIds.practice,
  /** Sonnen-Apotheke as Nordhanf's business customer. */
  pharmacyAtWholesaler: demoCustomerIds.nordhanfSonnenApotheke,
} as const

/** The smallest quantity the listing's rules allow, times `times`. */
function quantityFor(product: SellableProduct, times: number): number {
  const step = product.orderStep
  const least = Math.ceil((product.minOrderQuantity ?? step) / step) * step
  const quantity = least * times
  return product.maxOrderQuantity === null ? quantity : Math.min(quantity, product.maxOrderQuantity)
}

/** An issue date `days` ago, as a prescription would carry it. */
const daysAgo = (days: number) => berlinIsoDate(new Date(Date.now() - days * 86_400_000))

interface DemoOrder {
  customerId: string
  lines: [SellableProduct, number][]
  status: CustomerOrderStatus
  payment?: PaymentStatus[]
  delivery?: 'pickup' | 'courier' | 'shipping'
  prescription?: 'statutory' | 'private' | 'statutory_exempt'
  /**
   * The prescription lapsed after the order was readied (the goods wait at the counter): the
   * services check the day they run on, so the seed moves the issue day back afterwards. The
   * hand-over is refused then (domain.md).
   */
  lapsedSinceReady?: boolean
  note?: string
}

async function seedOrdersOf(
  db: Database,
  actor: BusinessActor,
  orders: DemoOrder[],
): Promise<void> {
  for (const demo of orders) {
    const created = await createCustomerOrder(
      actor,
      {
        customerId: demo.customerId,
        items: demo.lines.map(([product, times]) => ({
          listingId: product.listingId,
          quantity: quantityFor(product, times),
        })),
        delivery: { method: demo.delivery ?? 'pickup' },
        note: demo.note ?? null,
      },
      db,
    )
    let version = created.version
    const step = async (run: () => Promise<{ version: number }>) => {
      version = (await run()).version
    }
    if (demo.prescription) {
      await step(() =>
        recordPrescription(
          actor,
          created.id,
          {
            version,
            payer: demo.prescription === 'private' ? 'private' : 'statutory',
            form: demo.prescription === 'private' ? 'paper' : 'e_rezept',
            prescriberName: 'Dr. med. Felix Hartmann',
            prescriberAddress: 'Hermannplatz 5, 10967 Berlin',
            issuedOn: daysAgo(3),
            dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
            preparation: 'ground',
            insurerName: demo.prescription === 'private' ? null : 'AOK Nordost',
            insuranceNumber: demo.prescription === 'private' ? null : 'A123456780',
            copaymentExempt: demo.prescription === 'statutory_exempt',
            eRezeptToken:
              demo.prescription === 'private'
                ? null
                : `160.000.${created.number.replace(/\D/g, '').slice(-9)}.${version}`,
          },
          db,
        ),
      )
      if (demo.status !== 'new') {
        await step(() => checkPrescription(actor, created.id, { version }, db))
      }
      // The goods leave only with the original or the redeemed e-Rezept (domain.md).
      if (demo.status === 'shipped' || demo.status === 'completed') {
        await step(() => recordPrescriptionOriginal(actor, created.id, { version }, db))
      }
    }
    for (const payment of demo.payment ?? []) {
      await step(() =>
        setCustomerOrderPayment(actor, created.id, { version, paymentStatus: payment }, db),
      )
    }
    const { status } = demo
    if (status === 'new') continue
    if (status === 'expired') {
      await expireCustomerOrder(systemActor('demo-seed'), created.id, db)
      continue
    }
    if (status === 'cancelled') {
      await step(() =>
        cancelCustomerOrder(
          actor,
          created.id,
          { version, reason: 'Kunde hat die Bestellung telefonisch storniert.' },
          db,
        ),
      )
      continue
    }
    await step(() => confirmCustomerOrder(actor, created.id, { version }, db))
    if (status === 'confirmed') continue
    await step(() =>
      (demo.delivery ?? 'pickup') === 'pickup'
        ? markCustomerOrderReady(actor, created.id, { version }, db)
        : shipCustomerOrder(actor, created.id, { version }, db),
    )
    if (demo.lapsedSinceReady) {
      await db
        .update(customerOrderPrescriptions)
        .set({ issuedOn: daysAgo(95) })
        .where(eq(customerOrderPrescriptions.orderId, created.id))
    }
    if (status === 'ready' || status === 'shipped') continue
    await step(() => completeCustomerOrder(actor, created.id, { version }, db))
  }
}

export async function seedDemoOrders(db: Database): Promise<void> {
  const [existing] = await db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(eq(customerOrders.organisationId, demoIds.pharmacy))
    .limit(1)
  if (existing) return
  const pharmacist = await demoActorOf(db, demoIds.userPharmacyOwner)
  const wholesaler = await demoActorOf(db, demoIds.userWholesalerOwner)

  // Products with plenty of stock, so the demo orders leave the shelves looking as before.
  const plenty = (list: SellableProduct[]) =>
    list.filter((product) => product.availableSalesUnits >= 5 * quantityFor(product, 1))
  const pharmacyStock = plenty(await searchSellableProducts(pharmacist, '', db))
  const flowers = pharmacyStock.filter((product) => product.category === 'flower')
  const accessories = pharmacyStock.filter((product) => product.category === 'accessory')
  const other = pharmacyStock.filter(
    (product) => product.category !== 'flower' && product.category !== 'accessory',
  )
  const at = <T>(list: T[], index: number): T => {
    const value = list[index % list.length]
    if (!value) throw new Error('demo orders need products in stock')
    return value
  }
  const flower = (index: number) => at(flowers, index)
  const accessory = (index: number) => at(accessories.length ? accessories : pharmacyStock, index)
  const medicine = (index: number) => at(other.length ? other : flowers, index)
  const { statutoryPatient, privatePatient, business, pharmacyAtWholesaler } = demoOrderCustomerIds

  await seedOrdersOf(db, pharmacist, [
    // The statutory prescription with co-payment, through to the counter.
    {
      customerId: statutoryPatient,
      lines: [
        [flower(0), 10],
        [flower(1), 5],
      ],
      status: 'completed',
      prescription: 'statutory',
      payment: ['paid'],
    },
    {
      customerId: statutoryPatient,
      lines: [[flower(2), 5]],
      status: 'new',
      prescription: 'statutory',
      note: 'Patientin holt am Donnerstag ab.',
    },
    { customerId: privatePatient, lines: [[flower(3), 10]], status: 'new' },
    { customerId: business, lines: [[accessory(0), 2]], status: 'new', payment: ['pending'] },
    {
      customerId: privatePatient,
      lines: [[medicine(0), 1]],
      status: 'confirmed',
      prescription: 'private',
      payment: ['paid'],
    },
    {
      customerId: statutoryPatient,
      lines: [[flower(4), 5]],
      status: 'confirmed',
      prescription: 'statutory_exempt',
      delivery: 'courier',
    },
    {
      customerId: privatePatient,
      lines: [
        [flower(5), 5],
        [accessory(1), 1],
      ],
      status: 'ready',
      prescription: 'private',
      lapsedSinceReady: true,
      payment: ['pending', 'paid'],
    },
    { customerId: business, lines: [[accessory(2), 3]], status: 'ready', payment: ['failed'] },
    {
      customerId: privatePatient,
      lines: [[flower(6), 10]],
      status: 'shipped',
      prescription: 'private',
      delivery: 'shipping',
      payment: ['paid'],
    },
    {
      customerId: business,
      lines: [[accessory(3), 1]],
      status: 'shipped',
      delivery: 'courier',
    },
    {
      customerId: privatePatient,
      lines: [[medicine(1), 1]],
      status: 'completed',
      prescription: 'private',
      payment: ['paid'],
    },
    {
      customerId: business,
      lines: [[accessory(4), 2]],
      status: 'completed',
      payment: ['paid'],
    },
    {
      customerId: privatePatient,
      lines: [[flower(7), 5]],
      status: 'cancelled',
      payment: ['paid', 'refunded'],
    },
    { customerId: business, lines: [[accessory(5), 1]], status: 'cancelled' },
    { customerId: privatePatient, lines: [[flower(8), 5]], status: 'expired' },
  ])

  const nordhanfStock = plenty(await searchSellableProducts(wholesaler, '', db))
  const offer = (index: number) => at(nordhanfStock, index)
  await seedOrdersOf(db, wholesaler, [
    { customerId: pharmacyAtWholesaler, lines: [[offer(0), 1]], status: 'new' },
    {
      customerId: pharmacyAtWholesaler,
      lines: [
        [offer(1), 1],
        [offer(2), 1],
      ],
      status: 'confirmed',
      delivery: 'shipping',
      payment: ['pending'],
    },
    {
      customerId: pharmacyAtWholesaler,
      lines: [[offer(3), 1]],
      status: 'shipped',
      delivery: 'shipping',
      payment: ['failed'],
    },
    {
      customerId: pharmacyAtWholesaler,
      lines: [[offer(4), 2]],
      status: 'completed',
      delivery: 'shipping',
      payment: ['paid'],
    },
    {
      customerId: pharmacyAtWholesaler,
      lines: [[offer(5), 1]],
      status: 'cancelled',
      payment: ['paid', 'refunded'],
    },
    { customerId: pharmacyAtWholesaler, lines: [[offer(6), 1]], status: 'ready' },
  ])
}
