import { and, eq } from 'drizzle-orm'
import { customerOrderNumberPrefix } from '~/lib/customer-orders'
import type { ShopPaymentMethod } from '~/lib/shop'
import type { ShopActor } from '~/server/actor.server'
import { berlinYear, formatDocumentNumber, takeNextNumber } from '~/server/counters/counters.server'
import {
  orderSource,
  recordOrderCreated,
} from '~/server/customer-orders/customer-order-core.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import {
  insertItems,
  pricedLines,
  resolveLines,
} from '~/server/customer-orders/customer-orders.server'
import { customers } from '~/server/customers/customers.schema'
import { insertCustomer } from '~/server/customers/customers.server'
import type { Database } from '~/server/db/client.server'
import { configuratorProducts } from '~/server/shop/configurator-products.server'
import { reserveStock } from '~/server/stock/stock-reservations.server'
import type { ShopTenant } from '~/server/tenants.server'

/**
 * A shop order as the checkout places it, for tests that must not wait for the checkout: channel
 * `shop`, state `new`, payment `unpaid`, the customer linked to the shop user, items, and stock
 * reservations that lapse with the order's hold (`holdMinutes`, 30 like an online order).
 */
export async function placeShopOrder(
  db: Database,
  shop: ShopTenant,
  actor: ShopActor,
  options: { paymentMethod?: ShopPaymentMethod; holdMinutes?: number; quantity?: number } = {},
) {
  const [product] = (await configuratorProducts(db, shop as never)).filter(
    (candidate) => candidate.orderStep === 1 && candidate.availableSalesUnits >= 5,
  )
  if (!product) throw new Error('no product with stock in the demo shop')
  const quantity = options.quantity ?? 1
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.organisationId, shop.organisationId),
          eq(customers.shopUserId, actor.user.id),
        ),
      )
    const customer =
      linked ??
      (await insertCustomer(tx, actor, {
        organisationId: shop.organisationId,
        kind: 'patient',
        lastName: actor.user.name,
        email: actor.user.email,
        shopUserId: actor.user.id,
      }))
    const lines = await resolveLines(tx, shop.organisationId, customer.kind, [
      { listingId: product.id, quantity: Math.max(quantity, product.minOrderQuantity ?? 1) },
    ])
    const priced = pricedLines(lines, null, 0)
    const year = berlinYear()
    const value = await takeNextNumber(tx, shop.organisationId, 'customer_order', year)
    const expiresAt = new Date(Date.now() + (options.holdMinutes ?? 30) * 60_000)
    const [order] = await tx
      .insert(customerOrders)
      .values({
        organisationId: shop.organisationId,
        number: formatDocumentNumber(customerOrderNumberPrefix, year, value),
        customerId: customer.id,
        channel: 'shop',
        tenantId: shop.id,
        deliveryMethod: 'pickup',
        paymentMethod: options.paymentMethod ?? 'mollie',
        ...priced.totals,
        expiresAt,
      })
      .returning()
    if (!order) throw new Error('shop order was not inserted')
    const items = await insertItems(tx, order, priced.items)
    for (const item of items) {
      await reserveStock(tx, {
        organisationId: shop.organisationId,
        organisationProductId: item.organisationProductId,
        quantity: item.quantity * item.baseUnitsPerSalesUnit,
        source: orderSource(order),
        expiresAt,
      })
    }
    await recordOrderCreated(tx, actor, order, items, 'Bestellung im Shop (Testdaten)')
    return order
  })
}
