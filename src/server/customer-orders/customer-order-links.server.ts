import type { CustomerOrderAction } from '../../lib/customer-orders'
import type { Actor } from '../actor.server'
import type { Executor } from '../db/client.server'
import type { customerOrders } from './customer-orders.schema'

type OrderRow = typeof customerOrders.$inferSelect

/**
 * The place where a transition of an order with channel `purchase_order` moves the buyer's
 * purchase order along (confirm → confirmed, ship → shipped, cancel → cancelled), in the same
 * transaction and after the order row has changed. The platform-orders work fills it in; every
 * transition of the order area passes through here, so there is no second path to keep in step.
 */
export async function afterCustomerOrderTransition(
  _tx: Executor,
  _actor: Actor,
  _before: OrderRow,
  _after: OrderRow,
  _action: CustomerOrderAction,
): Promise<void> {
  // No linked purchase orders yet.
}
