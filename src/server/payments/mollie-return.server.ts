import { and, eq } from 'drizzle-orm'
import { shopForbiddenMessage } from '../../lib/access-rules'
import { customerOrderNotFoundMessage } from '../../lib/customer-orders'
import { paymentReturnInput } from '../../lib/payment-inputs'
import {
  mayPayOnline,
  openPaymentStatuses,
  type PaymentOutcome,
  type PaymentReturn,
} from '../../lib/payments'
import { formatSalesQuantity } from '../../lib/product-display'
import { lineTotalCents } from '../../lib/products'
import type { Actor } from '../actor.server'
import { itemsOfOrder, type OrderRow } from '../customer-orders/customer-order-core.server'
import { customerOrders } from '../customer-orders/customer-orders.schema'
import { customers } from '../customers/customers.schema'
import { ForbiddenError, NotFoundError, parseInput } from '../errors.server'
import type { ShopTenant } from '../tenants.server'
import type { PaymentsApp } from './mollie-client.server'
import { latestPaymentOf, onlineAmountCents, syncMolliePayment } from './mollie-payments.server'

function outcomeOf(order: OrderRow, latest: { status: string } | null): PaymentOutcome {
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return 'paid'
  if (order.status === 'expired') return 'expired'
  if (order.status === 'cancelled') return 'cancelled'
  if (latest && openPaymentStatuses.some((status) => status === latest.status)) return 'open'
  return 'unsuccessful'
}

/**
 * The return page's order (`?order=<number>`): the logged-in shop user's own order on this shop,
 * else 404. While its latest payment is open or pending, Mollie is asked first (the same sync as
 * the webhook, for hosts Mollie cannot call back); if Mollie cannot be reached the stored state
 * is shown and the page asks again.
 */
export async function paymentReturnOf(
  app: PaymentsApp,
  shop: ShopTenant,
  actor: Actor,
  input: unknown,
): Promise<PaymentReturn> {
  if (actor.kind !== 'shop' || actor.tenant.id !== shop.id)
    throw new ForbiddenError(shopForbiddenMessage)
  const { order: number } = parseInput(paymentReturnInput, input)
  const find = async () => {
    const [row] = await app.db
      .select({ order: customerOrders })
      .from(customerOrders)
      .innerJoin(customers, eq(customers.id, customerOrders.customerId))
      .where(
        and(
          eq(customerOrders.organisationId, shop.organisationId),
          eq(customerOrders.tenantId, shop.id),
          eq(customerOrders.channel, 'shop'),
          eq(customerOrders.number, number),
          eq(customers.shopUserId, actor.user.id),
        ),
      )
    if (!row) throw new NotFoundError(customerOrderNotFoundMessage)
    return row.order
  }
  let order = await find()
  let latest = await latestPaymentOf(app.db, order.id)
  if (latest?.molliePaymentId && openPaymentStatuses.includes(latest.status)) {
    try {
      await syncMolliePayment(app, latest.molliePaymentId, 'return_page', { tenantId: shop.id })
      order = await find()
      latest = await latestPaymentOf(app.db, order.id)
    } catch (error) {
      app.logger?.warn({ err: error, orderId: order.id }, 'mollie status fetch failed')
    }
  }
  const items = await itemsOfOrder(app.db, order)
  const outcome = outcomeOf(order, latest)
  return {
    orderId: order.id,
    number: order.number,
    outcome,
    canPayAgain: outcome === 'unsuccessful' && mayPayOnline(order),
    amountCents: onlineAmountCents(order),
    items: items.map((item) => ({
      name: item.name,
      quantityText: formatSalesQuantity(item.quantity, item.salesUnit),
      totalCents: lineTotalCents(item.unitPriceCents, item.quantity),
    })),
  }
}
