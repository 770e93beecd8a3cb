import { eq } from 'drizzle-orm'
import { type CustomerOrderAction, customerShareCents } from '../../lib/customer-orders'
import type { TenantConfig } from '../../lib/tenant-config'
import { customers } from '../customers/customers.schema'
import type { Executor } from '../db/client.server'
import { organisations, tenants } from '../db/schema'
import type { MailContent } from '../mail/mail-templates.server'
import { enqueueMail, mailSenderOf } from '../mail/outbox.server'
import { tenantPublicOrigin } from '../public-origin.server'
import { organisationContactColumns, shopConfigOf, verifiedDomainOf } from '../tenants.server'
import type { OrderRow } from './customer-order-core.server'

/** Where the customer follows an order of the shop: the account's order page, or the reservation. */
export const shopOrderPath = (order: Pick<OrderRow, 'id' | 'type'>) =>
  order.type === 'reservation' ? `/reservierung/${order.id}` : `/account/orders/${order.id}`

type ShopOrderMail = Exclude<
  MailContent,
  {
    kind: 'confirm_registration' | 'registration_exists' | 'reset_password' | 'confirm_email_change'
  }
>

/**
 * The mail a shop customer gets when the pharmacy moves the order (issue 12, back-office side);
 * `expire` has its own wording from the jobs that expire orders, so none here.
 */
function transitionMail(
  action: CustomerOrderAction,
  order: OrderRow,
  base: { name: string; orderNumber: string; link: string },
  pickup: string,
): ShopOrderMail | null {
  switch (action) {
    case 'confirm':
      return { kind: 'order_confirmed', ...base }
    case 'markReady':
      return { kind: 'order_ready', ...base, pickup }
    case 'ship':
      return { kind: 'order_shipped', ...base }
    case 'complete':
      return { kind: 'order_completed', ...base }
    case 'cancel':
      return {
        kind: 'order_cancelled',
        ...base,
        reason: order.cancelReason ?? '',
        refundCents: order.paymentStatus === 'paid' ? customerShareCents(order) : null,
      }
    case 'expire':
      return null
  }
}

/** The customer and shop a mail about `order` goes between, or null when none can be sent. */
async function shopMailContext(tx: Executor, order: OrderRow) {
  if (order.channel !== 'shop' || !order.tenantId) return null
  const [row] = await tx
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      anonymisedAt: customers.anonymisedAt,
      slug: tenants.slug,
      verifiedDomain: verifiedDomainOf,
      config: tenants.config,
      contact: organisationContactColumns,
    })
    .from(customers)
    .innerJoin(tenants, eq(tenants.id, order.tenantId))
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(eq(customers.id, order.customerId))
  if (!row?.email || row.anonymisedAt || !row.config) return null
  const config = shopConfigOf(row.config, row.contact)
  if (!config) return null
  const origin = tenantPublicOrigin(row)
  return {
    tenantId: order.tenantId,
    to: row.email,
    config,
    sender: mailSenderOf(config, origin),
    base: {
      name: [row.firstName, row.lastName].filter(Boolean).join(' '),
      orderNumber: order.number,
      link: `${origin}${shopOrderPath(order)}`,
    },
  }
}

/** Where a pickup order waits, in one line: shop, address, opening hours. */
function pickupLine(config: TenantConfig): string {
  const method = config.deliveryMethods.find((candidate) => candidate.kind === 'pickup')
  if (!method) return config.shopName
  return [
    config.shopName,
    method.street,
    `${method.postalCode} ${method.city}`,
    method.openingHours || config.contact.openingHours,
  ]
    .filter((part) => part?.trim())
    .join(', ')
}

/**
 * Writes the mail a shop order's customer gets for `action`, in the transition's transaction:
 * only for orders that came through a shop, and only to a customer who still has an address.
 */
export async function mailShopCustomerAbout(
  tx: Executor,
  order: OrderRow,
  action: CustomerOrderAction,
): Promise<void> {
  const context = await shopMailContext(tx, order)
  if (!context) return
  const content = transitionMail(action, order, context.base, pickupLine(context.config))
  if (!content) return
  await enqueueMail(tx, {
    tenantId: context.tenantId,
    to: context.to,
    sender: context.sender,
    content,
  })
}

/**
 * Who a mail about any order goes to and from: a shop order's customer from the shop (with the
 * link to the account's order page), any other customer with an address from the organisation
 * itself. Null when the customer has no address (or was anonymised).
 */
export async function orderMailContext(tx: Executor, order: OrderRow) {
  const shop = await shopMailContext(tx, order)
  if (shop) return { tenantId: shop.tenantId, to: shop.to, sender: shop.sender, ...shop.base }
  const [row] = await tx
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      companyName: customers.companyName,
      anonymisedAt: customers.anonymisedAt,
      organisation: {
        name: organisations.name,
        street: organisations.street,
        postalCode: organisations.postalCode,
        city: organisations.city,
        email: organisations.email,
        phone: organisations.phone,
      },
    })
    .from(customers)
    .innerJoin(organisations, eq(organisations.id, order.organisationId))
    .where(eq(customers.id, order.customerId))
  if (!row?.email || row.anonymisedAt) return null
  const { organisation } = row
  return {
    tenantId: null,
    to: row.email,
    sender: {
      shopName: organisation.name,
      logoUrl: null,
      addressLines: [
        organisation.street ?? '',
        [organisation.postalCode, organisation.city].filter(Boolean).join(' '),
      ].filter((line) => line.trim()),
      email: organisation.email ?? '',
      phone: organisation.phone ?? '',
    },
    name: row.companyName ?? [row.firstName, row.lastName].filter(Boolean).join(' '),
    orderNumber: order.number,
    link: null,
  }
}

/** Reminds the customer that a reservation lapses at `expiresAt` (the reminder job). */
export async function mailReservationExpiring(tx: Executor, order: OrderRow): Promise<void> {
  const context = await shopMailContext(tx, order)
  if (!context || !order.expiresAt) return
  await enqueueMail(tx, {
    tenantId: context.tenantId,
    to: context.to,
    sender: context.sender,
    content: { kind: 'reservation_expiring', ...context.base, expiresAt: order.expiresAt },
  })
}
