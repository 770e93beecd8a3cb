import { and, eq, sql } from 'drizzle-orm'
import {
  type OrderWithdrawalView,
  withdrawalLastDay,
  withdrawalMessages,
  withdrawalRefusal,
} from '../../lib/withdrawal'
import { accountWithdrawalSchema, guestWithdrawalSchema } from '../../lib/withdrawal-schema'
import type { Actor } from '../actor.server'
import { type AuditActor, auditActorOf, recordAudit } from '../audit/audit.server'
import { customers } from '../customers/customers.schema'
import type { Database, Executor } from '../db/client.server'
import { ConflictError, NotFoundError, parseInput } from '../errors.server'
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import type { Caller } from '../request-context'
import type { ShopTenant } from '../tenants.server'
import { customerOrderAudit, lockOrder, type OrderRow } from './customer-order-core.server'
import { mailWithdrawalReceived } from './customer-order-mails.server'
import { withdrawalLinesOf } from './customer-order-withdrawal-lines.server'
import { customerOrders, customerOrderWithdrawals } from './customer-orders.schema'

/**
 * The consumer's withdrawal from a shop order (§ 355, § 356a BGB; ADR 067): which lines it
 * reaches, whether the period still runs, and the one recorded declaration with its receipt.
 */

async function recordedWithdrawalOf(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'organisationId'>,
) {
  const [row] = await executor
    .select()
    .from(customerOrderWithdrawals)
    .where(
      and(
        eq(customerOrderWithdrawals.orderId, order.id),
        eq(customerOrderWithdrawals.organisationId, order.organisationId),
      ),
    )
  return row ?? null
}

/** What the order pages (account, confirmation, back-office) show about the withdrawal. */
export async function orderWithdrawalView(
  executor: Executor,
  order: OrderRow,
  now: Date = new Date(),
): Promise<OrderWithdrawalView> {
  const lines = await withdrawalLinesOf(executor, order)
  const recorded = await recordedWithdrawalOf(executor, order)
  const refusal = withdrawalRefusal(
    order,
    lines.some((line) => line.applies),
    now,
  )
  return {
    lines,
    lastDay: withdrawalLastDay(order.completedAt),
    withdrawal: recorded
      ? {
          receivedAt: recorded.receivedAt.toISOString(),
          lines: recorded.lines,
          name: recorded.name,
          email: recorded.email,
        }
      : null,
    canWithdraw: recorded === null && refusal === null,
    refusal: recorded === null ? refusal : null,
  }
}

export interface WithdrawalReceipt {
  orderNumber: string
  receivedAt: string
  lines: string[]
}

/**
 * Records the withdrawal from the locked `order`: once (a second declaration, parallel or later,
 * is told when the first arrived), only for lines it applies to and within the period. Writes the
 * receipt mail with date and time (§ 356a Abs. 3 BGB) and the audit row in the same transaction.
 */
async function recordWithdrawal(
  tx: Executor,
  order: OrderRow,
  who: { actor: AuditActor; requestId: string | null },
  declared: { name: string; email: string },
): Promise<WithdrawalReceipt> {
  const recorded = await recordedWithdrawalOf(tx, order)
  if (recorded) throw new ConflictError(withdrawalMessages.alreadyWithdrawn(recorded.receivedAt))
  const lines = await withdrawalLinesOf(tx, order)
  const covered = lines.filter((line) => line.applies).map((line) => line.name)
  const refusal = withdrawalRefusal(order, covered.length > 0, new Date())
  if (refusal) throw new ConflictError(refusal)
  const actorId = who.actor.kind === 'shop_user' ? who.actor.id : null
  const [row] = await tx
    .insert(customerOrderWithdrawals)
    .values({
      orderId: order.id,
      organisationId: order.organisationId,
      name: declared.name,
      email: declared.email,
      lines: covered,
      actorKind: who.actor.kind === 'shop_user' ? 'shop_user' : 'visitor',
      actorId,
    })
    .returning()
  const withdrawal = row as typeof customerOrderWithdrawals.$inferSelect
  await recordAudit(tx, {
    organisationId: order.organisationId,
    actor: who.actor,
    requestId: who.requestId,
    action: customerOrderAudit.withdrawn,
    entity: { type: customerOrderAudit.entityType, id: order.id },
    after: { lines: covered, name: declared.name, email: declared.email },
    personalFields: ['name', 'email'],
  })
  await mailWithdrawalReceived(tx, order, {
    ...declared,
    receivedAt: withdrawal.receivedAt,
    lines: covered,
  })
  return {
    orderNumber: order.number,
    receivedAt: withdrawal.receivedAt.toISOString(),
    lines: covered,
  }
}

/** A shop customer withdraws from their own order `order` (already found as theirs). */
export async function withdrawOwnOrder(
  tx: Executor,
  actor: Actor,
  own: OrderRow,
  input: unknown,
): Promise<WithdrawalReceipt> {
  const declared = parseInput(accountWithdrawalSchema, input)
  const order = await lockOrder(tx, own.organisationId, own.id)
  return recordWithdrawal(
    tx,
    order,
    { actor: auditActorOf(actor), requestId: actor.requestId ?? null },
    declared,
  )
}

export const withdrawalLimits = {
  /** Declarations from one client address on the public page, like the other public forms. */
  client: { name: 'withdrawal-client', points: 10, windowSeconds: 60 * 60, sliding: false },
} satisfies Record<string, RateLimitRule>

/**
 * A guest withdraws on the shop's public page, naming the order by its number and the e-mail it
 * was placed with; anything that does not match this shop's order is "not found" alike.
 */
export async function withdrawGuestOrder(
  db: Database,
  shop: ShopTenant,
  input: unknown,
  client: Caller,
): Promise<WithdrawalReceipt> {
  const declared = parseInput(guestWithdrawalSchema, input)
  await countAttempt(db, withdrawalLimits.client, client.ip, withdrawalMessages.tooMany, 'Sie')
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: customerOrders.id })
      .from(customerOrders)
      .innerJoin(customers, eq(customers.id, customerOrders.customerId))
      .where(
        and(
          eq(customerOrders.organisationId, shop.organisationId),
          eq(customerOrders.tenantId, shop.id),
          eq(customerOrders.channel, 'shop'),
          eq(customerOrders.number, declared.orderNumber),
          sql`lower(${customers.email}) = lower(${declared.email})`,
        ),
      )
    if (!found) throw new NotFoundError(withdrawalMessages.notFound)
    const order = await lockOrder(tx, shop.organisationId, found.id)
    return recordWithdrawal(
      tx,
      order,
      { actor: { kind: 'visitor' }, requestId: client.requestId },
      { name: declared.name, email: declared.email },
    )
  })
}
