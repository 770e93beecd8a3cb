import { and, asc, eq, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { berlinIsoDate } from '../../lib/format'
import type { OrderableProduct, PurchaseOrderStatus } from '../../lib/purchase-orders'
import {
  confirmCustomerOrder,
  shipCustomerOrder,
} from '../customer-orders/customer-order-transitions.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { organisationProducts } from '../products/products.schema'
import { receivePurchaseOrder } from '../purchase-orders/purchase-order-receipts.server'
import { purchaseOrders } from '../purchase-orders/purchase-orders.schema'
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  orderPurchaseOrder,
  searchOrderableProducts,
} from '../purchase-orders/purchase-orders.server'
import { createSupplier } from '../purchase-orders/suppliers.server'
import type { Database } from './client.server'
import { demoActorOf } from './seed-actor.server'
import { demoIds } from './seed-ids.server'

/**
 * Sonnen-Apotheke's purchasing: Nordhanf as platform supplier, one external supplier, and a
 * purchase order in every state, all made through the services so numbers, totals, audit rows,
 * batches and movements agree. Nordhanf confirms and ships through its customer orders, as its
 * staff would, so each platform purchase order has its supplier-side twin. Runs once: an organisation that has purchase orders is left as it
 * is.
 */

/** The smallest quantity the supplier's rules allow, times `packs`. */
function quantityFor(
  product: Pick<OrderableProduct, 'orderStep' | 'minOrderQuantity' | 'maxOrderQuantity'>,
  packs: number,
): number {
  const step = product.orderStep
  const least = Math.ceil((product.minOrderQuantity ?? step) / step) * step
  const quantity = least * packs
  return product.maxOrderQuantity === null ? quantity : Math.min(quantity, product.maxOrderQuantity)
}

/** An expiry date `months` ahead, as a supplier's batch would carry it. */
function expiryIn(months: number): string {
  const date = new Date()
  date.setUTCMonth(date.getUTCMonth() + months)
  return berlinIsoDate(date)
}

/** The supplier's customer order answering purchase order `id` (its staff opens it from its list). */
export async function sellerOrderOf(db: Database, purchaseOrderId: string) {
  const [order] = await db
    .select({ id: customerOrders.id, version: customerOrders.version })
    .from(customerOrders)
    .where(eq(customerOrders.purchaseOrderId, purchaseOrderId))
  if (!order) throw new Error(`purchase order ${purchaseOrderId} has no supplier order`)
  return order
}

export async function seedDemoPurchaseOrders(db: Database): Promise<void> {
  const [existing] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.organisationId, demoIds.pharmacy))
    .limit(1)
  if (existing) return

  const pharmacist = await demoActorOf(db, demoIds.userPharmacyOwner)
  const staff = await demoActorOf(db, demoIds.userPharmacyStaff)
  const wholesaler = await demoActorOf(db, demoIds.userWholesalerOwner)

  const nordhanf = await createSupplier(
    pharmacist,
    { kind: 'platform', supplierOrganisationId: demoIds.wholesaler },
    db,
  )
  const external = await createSupplier(
    pharmacist,
    {
      kind: 'external',
      name: 'Hanfkontor Bremen GmbH',
      street: 'Am Speicher 4',
      postalCode: '28195',
      city: 'Bremen',
      country: 'DE',
      licenceType: 'amg_52a',
      licenceNumber: 'HB-52a-2023-0042',
      contactName: 'Jana Meyer',
      email: 'einkauf@hanfkontor.example',
      phone: '0421 5551234',
    },
    db,
  )

  // Only what the pharmacy lists already: the receipts book into its listings, adding none.
  const pharmacyListing = alias(organisationProducts, 'pharmacy_listing')
  const priceList = await db
    .select({
      listingId: organisationProducts.id,
      orderStep: organisationProducts.orderStep,
      minOrderQuantity: organisationProducts.minOrderQuantity,
      maxOrderQuantity: organisationProducts.maxOrderQuantity,
    })
    .from(organisationProducts)
    .innerJoin(
      pharmacyListing,
      and(
        eq(pharmacyListing.productId, organisationProducts.productId),
        eq(pharmacyListing.organisationId, demoIds.pharmacy),
        isNull(pharmacyListing.archivedAt),
      ),
    )
    .where(
      and(
        eq(organisationProducts.organisationId, demoIds.wholesaler),
        isNull(organisationProducts.archivedAt),
      ),
    )
    .orderBy(asc(organisationProducts.id))
  const own = await searchOrderableProducts(pharmacist, external.id, '', db)
  const pick = <T>(list: T[], index: number): T => {
    const product = list[index % list.length]
    if (!product) throw new Error('demo purchasing needs products to order')
    return product
  }
  const nordhanfLines = (...indexes: number[]) =>
    indexes.map((index) => {
      const product = pick(priceList, index)
      return {
        listingId: product.listingId,
        quantity: quantityFor(product, 1),
        unitPriceCents: null,
      }
    })

  let batchSerial = 0
  /**
   * Books every line's full quantity (or the first line's first half) as batches: those the
   * supplier reported shipped, or made-up ones from an external supplier.
   */
  async function receive(id: string, part: 'all' | 'some') {
    const detail = await getPurchaseOrder(pharmacist, id, db)
    const items = part === 'all' ? detail.items : detail.items.slice(0, 1)
    await receivePurchaseOrder(
      staff,
      id,
      {
        items: items.map((item) => {
          batchSerial += 1
          const quantity =
            part === 'all' ? item.quantity : Math.max(1, Math.floor(item.quantity / 2))
          const shipped = item.shipped[0]
          return {
            itemId: item.id,
            batches: [
              {
                batchNumber: shipped?.batchNumber ?? `NHE-${String(2400 + batchSerial)}`,
                quantity,
                expiryDate: shipped?.expiryDate ?? expiryIn(18 + batchSerial),
                thcContent: item.category === 'flower' ? 20 + (batchSerial % 5) : null,
                cbdContent: item.category === 'flower' ? 0.5 : null,
                coaFileId: shipped?.certificateFileId ?? null,
              },
            ],
          }
        }),
      },
      db,
    )
  }

  /** A Nordhanf order moved to `status` through the same steps people take. */
  async function nordhanfOrder(
    status: PurchaseOrderStatus,
    indexes: number[],
    note: string | null,
  ) {
    const { id } = await createPurchaseOrder(
      pharmacist,
      { supplierId: nordhanf.id, note, items: nordhanfLines(...indexes) },
      db,
    )
    if (status === 'draft') return
    await orderPurchaseOrder(pharmacist, id, {}, db)
    if (status === 'cancelled') {
      await cancelPurchaseOrder(pharmacist, id, { reason: 'Versehentlich doppelt bestellt.' }, db)
      return
    }
    if (status === 'ordered') return
    const sellerOrder = await sellerOrderOf(db, id)
    const confirmed = await confirmCustomerOrder(
      wholesaler,
      sellerOrder.id,
      { version: sellerOrder.version },
      db,
    )
    if (status === 'confirmed') return
    await shipCustomerOrder(wholesaler, sellerOrder.id, { version: confirmed.version }, db)
    if (status === 'shipped') return
    await receive(id, status === 'received' ? 'all' : 'some')
  }

  await nordhanfOrder('received', [0, 1], null)
  await nordhanfOrder('partially_received', [2, 3, 4], 'Rest folgt laut Lieferant in KW 2.')
  await nordhanfOrder('shipped', [5, 6], null)
  await nordhanfOrder('confirmed', [7], null)
  await nordhanfOrder('ordered', [8, 9], 'Bitte mit Analysezertifikaten liefern.')
  await nordhanfOrder('cancelled', [10], null)
  await nordhanfOrder('draft', [11, 12, 13], 'Monatsbedarf Dezember')

  const accessory = own.find((product) => product.category === 'accessory') ?? pick(own, 0)
  const externalOrder = await createPurchaseOrder(
    pharmacist,
    {
      supplierId: external.id,
      note: null,
      items: [
        {
          listingId: accessory.listingId,
          quantity: 2,
          unitPriceCents: Math.round(accessory.priceCents * 0.6),
        },
      ],
    },
    db,
  )
  await orderPurchaseOrder(pharmacist, externalOrder.id, {}, db)
  await receive(externalOrder.id, 'all')
}
