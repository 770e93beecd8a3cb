import { and, eq } from 'drizzle-orm'
import { licenceProblem, licenceRequiredFor } from '../../lib/customers'
import { customers } from '../customers/customers.schema'
import type { Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import { ConflictError } from '../errors.server'
import type { OrderRow } from './customer-order-core.server'

/**
 * § 47 AMG, MedCanG § 4: a wholesaler or producer delivers medicinal cannabis only to a business
 * whose licence is recorded and valid. Checked when the order is entered and again when it is
 * confirmed and when the goods leave (the licence may have expired in between). Pharmacies sell to
 * patients on prescription instead; their orders are not touched here.
 */

type Category = Parameters<typeof licenceRequiredFor>[0]
type LicensedCustomer = Parameters<typeof licenceProblem>[0]

/**
 * Why `customer` may not receive goods from a seller of `category` on `today` (the step's Berlin
 * day, `YYYY-MM-DD`, the same the step checks a prescription against), or null.
 */
export function recipientLicenceProblem(
  category: Category,
  customer: LicensedCustomer,
  today: string,
): string | null {
  if (!licenceRequiredFor(category)) return null
  return licenceProblem(customer, today)
}

/** 409 when the seller needs a licensed recipient and `customer` has none valid on `today`. */
export function assertLicensedRecipient(
  category: Category,
  customer: LicensedCustomer,
  today: string,
) {
  const problem = recipientLicenceProblem(category, customer, today)
  if (problem) throw new ConflictError(problem)
}

/** The same check for a stored order: its seller's category and its customer as they are now. */
export async function assertOrderRecipientLicensed(tx: Executor, order: OrderRow, today: string) {
  const [row] = await tx
    .select({ category: organisations.category, customer: customers })
    .from(customers)
    .innerJoin(organisations, eq(organisations.id, customers.organisationId))
    .where(
      and(eq(customers.id, order.customerId), eq(customers.organisationId, order.organisationId)),
    )
  if (!row) throw new Error(`customer ${order.customerId} of order ${order.id} missing`)
  assertLicensedRecipient(row.category, row.customer, today)
}
