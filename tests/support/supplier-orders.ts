import type { Actor } from '~/server/actor.server'
import {
  confirmCustomerOrder,
  shipCustomerOrder,
} from '~/server/customer-orders/customer-order-transitions.server'
import type { Database } from '~/server/db/client.server'
import { sellerOrderOf } from '~/server/db/seed-purchase-orders.server'

/** The platform supplier confirms or ships a purchase order the way its staff does: on its customer order. */
export async function supplierStep(
  db: Database,
  actor: Actor,
  purchaseOrderId: string,
  step: 'confirm' | 'ship',
) {
  const order = await sellerOrderOf(db, purchaseOrderId)
  const service = step === 'confirm' ? confirmCustomerOrder : shipCustomerOrder
  return service(actor, order.id, { version: order.version }, db)
}
