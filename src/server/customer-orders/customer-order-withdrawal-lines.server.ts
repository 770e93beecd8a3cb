import { and, asc, eq } from 'drizzle-orm'
import { withdrawalAppliesTo } from '../../lib/withdrawal'
import type { Executor } from '../db/client.server'
import { products } from '../products/products.schema'
import type { OrderRow } from './customer-order-core.server'
import { customerOrderItems, customerOrderPrescriptions } from './customer-orders.schema'

/** The order's lines, each with whether the right of withdrawal applies (`withdrawalAppliesTo`). */
export async function withdrawalLinesOf(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'organisationId'>,
) {
  const [prescription] = await executor
    .select({ preparation: customerOrderPrescriptions.preparation })
    .from(customerOrderPrescriptions)
    .where(
      and(
        eq(customerOrderPrescriptions.orderId, order.id),
        eq(customerOrderPrescriptions.organisationId, order.organisationId),
      ),
    )
  const rows = await executor
    .select({
      itemId: customerOrderItems.id,
      name: customerOrderItems.name,
      requiresPrescription: customerOrderItems.requiresPrescription,
      category: products.category,
    })
    .from(customerOrderItems)
    .innerJoin(products, eq(products.id, customerOrderItems.productId))
    .where(
      and(
        eq(customerOrderItems.orderId, order.id),
        eq(customerOrderItems.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(customerOrderItems.position))
  const preparation = prescription?.preparation ?? null
  return rows.map((row) => ({
    itemId: row.itemId,
    name: row.name,
    applies: withdrawalAppliesTo(row, preparation),
  }))
}
