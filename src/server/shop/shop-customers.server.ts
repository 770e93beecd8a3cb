import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Guest } from '../../lib/shop-reservations'
import type { ShopActor, VisitorActor } from '../actor.server'
import { orderCustomer } from '../customer-orders/customer-orders.server'
import { customers } from '../customers/customers.schema'
import { type CustomerRowType, insertCustomer } from '../customers/customers.server'
import type { Executor } from '../db/client.server'
import type { ShopTenant } from '../tenants.server'

/**
 * Who a shop order or reservation is for: the pharmacy's customer behind a shop account or a
 * guest. Shared by the Rezeptkonfigurator's reservations and the checkout.
 */

/** "Max Mustermann" → first "Max", last "Mustermann"; the last word is the last name. */
function splitName(name: string): { firstName: string | null; lastName: string } {
  const parts = name.trim().split(/\s+/)
  const lastName = parts.pop() as string
  return { firstName: parts.join(' ') || null, lastName }
}

const customerFullName = sql<string>`lower(trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName})))`

/**
 * Whose reservation it is. A logged-in shop customer: the customer linked to the account (issue
 * 10), or a new patient linked to it. A guest: an active patient of the organisation with the same
 * e-mail address and name, or a new patient (ADR 028). Called under the e-mail's lock, so two
 * parallel first reservations create one customer.
 */
export async function reservingCustomer(
  tx: Executor,
  shop: ShopTenant,
  actor: ShopActor | VisitorActor,
  guest: Guest | undefined,
): Promise<CustomerRowType> {
  const organisationId = shop.organisationId
  if (actor.kind === 'shop') {
    const [linked] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(eq(customers.organisationId, organisationId), eq(customers.shopUserId, actor.user.id)),
      )
    if (linked) return orderCustomer(tx, organisationId, linked.id)
    return insertCustomer(tx, actor, {
      organisationId,
      kind: 'patient',
      ...splitName(actor.user.name),
      email: actor.user.email,
      shopUserId: actor.user.id,
    })
  }
  const person = guest as Guest
  const [known] = await tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        eq(customers.kind, 'patient'),
        isNull(customers.deactivatedAt),
        isNull(customers.anonymisedAt),
        eq(sql`lower(${customers.email})`, person.email.toLowerCase()),
        eq(customerFullName, person.name.replace(/\s+/g, ' ').toLowerCase()),
      ),
    )
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(1)
  if (known) return known
  return insertCustomer(tx, actor, {
    organisationId,
    kind: 'patient',
    ...splitName(person.name),
    email: person.email,
    phone: person.phone,
  })
}

/**
 * Serialises the work on one person of an organisation's shop (by e-mail address) until the
 * transaction ends: their first order or reservation creates one customer, not two.
 */
export async function lockShopPerson(tx: Executor, organisationId: string, email: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`shop-reservation:${organisationId}:${email.toLowerCase()}`}, 0))`,
  )
}
