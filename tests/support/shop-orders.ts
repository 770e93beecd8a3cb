import { eq } from 'drizzle-orm'
import type { ShopPaymentMethod } from '~/lib/shop'
import type { ShopActor } from '~/server/actor.server'
import { addToCart } from '~/server/cart/cart.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import { type CheckoutApp, placeShopOrder as checkOut } from '~/server/shop/checkout.server'
import { configuratorProducts } from '~/server/shop/configurator-products.server'
import { createShopAddress } from '~/server/shop-accounts/shop-addresses.server'
import { stockReservations } from '~/server/stock/stock.schema'
import type { ShopTenant } from '~/server/tenants.server'

/**
 * A shop order placed the way a customer places one: a flower with stock in the customer's cart,
 * a billing address, then the checkout (pickup, a prescription shown at pickup, self-pay).
 * `holdMinutes` moves the order's hold afterwards; a negative one has lapsed already.
 */
export async function placeShopOrder(
  app: CheckoutApp,
  shop: ShopTenant,
  actor: ShopActor,
  options: { paymentMethod?: ShopPaymentMethod; holdMinutes?: number; quantity?: number } = {},
) {
  const [product] = (await configuratorProducts(app.db, shop)).filter(
    (candidate) =>
      candidate.category === 'flower' &&
      candidate.orderStep === 1 &&
      candidate.availableSalesUnits >= 5,
  )
  if (!product) throw new Error('no flower with stock in the demo shop')
  const quantity = Math.max(options.quantity ?? 1, product.minOrderQuantity ?? 1)
  await addToCart(
    app.db,
    shop,
    { shopUserId: actor.user.id },
    { listingId: product.id, quantity },
    '127.0.0.1',
  )
  const billing = await createShopAddress(
    actor,
    { name: actor.user.name, street: 'Weserstraße 5', postalCode: '12045', city: 'Berlin' },
    app.db,
  )
  const placed = await checkOut(app, shop, actor, {
    billingAddressId: billing.id,
    deliveryMethod: 'pickup',
    paymentMethod: options.paymentMethod ?? 'mollie',
    prescription: { payer: 'self_pay', evidence: 'original_at_pickup' },
  })
  if (options.holdMinutes !== undefined) {
    const expiresAt = new Date(Date.now() + options.holdMinutes * 60_000)
    await app.db
      .update(stockReservations)
      .set({ expiresAt })
      .where(eq(stockReservations.sourceId, placed.id))
    await app.db.update(customerOrders).set({ expiresAt }).where(eq(customerOrders.id, placed.id))
  }
  const [order] = await app.db.select().from(customerOrders).where(eq(customerOrders.id, placed.id))
  if (!order) throw new Error('the placed order vanished')
  return order
}
