import { eq } from 'drizzle-orm'
import {
  type CustomerOrderAction,
  customerShareCents,
  deliveryMethodLabels,
} from '../../lib/customer-orders'
import { sellerIdentityLines } from '../../lib/legal-forms'
import { lineAmountCents } from '../../lib/prices'
import { formatSalesQuantity } from '../../lib/product-display'
import { shopPaymentMethodLabels } from '../../lib/shop'
import type { TenantConfig } from '../../lib/tenant-config'
import { publicWithdrawalPath } from '../../lib/withdrawal'
import { customers } from '../customers/customers.schema'
import type { Executor } from '../db/client.server'
import { organisations, tenants } from '../db/schema'
import { legalTemplates, modelWithdrawalForm } from '../legal-templates.server'
import {
  type ContractDetails,
  type MailContent,
  plainTextOfMarkdown,
} from '../mail/mail-templates.server'
import { enqueueMail, mailSenderOf } from '../mail/outbox.server'
import { transferInstructionsOf } from '../payments/transfer-instructions.server'
import { tenantPublicOrigin } from '../public-origin.server'
import { organisationContactColumns, shopConfigOf, verifiedDomainOf } from '../tenants.server'
import { itemsOfOrder, type OrderRow } from './customer-order-core.server'
import { withdrawalLinesOf } from './customer-order-withdrawal-lines.server'

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
  action: Exclude<CustomerOrderAction, 'confirm'>,
  order: OrderRow,
  base: { name: string; orderNumber: string; link: string },
  pickup: string,
): ShopOrderMail | null {
  switch (action) {
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

/** The shop `order` came through, as the sender of mails about it; null outside a shop. */
async function shopOfOrder(tx: Executor, order: OrderRow) {
  if (order.channel !== 'shop' || !order.tenantId) return null
  const [row] = await tx
    .select({
      slug: tenants.slug,
      verifiedDomain: verifiedDomainOf,
      config: tenants.config,
      contact: organisationContactColumns,
      organisation: organisations,
    })
    .from(tenants)
    .innerJoin(organisations, eq(organisations.id, tenants.organisationId))
    .where(eq(tenants.id, order.tenantId))
  const config = row?.config ? shopConfigOf(row.config, row.contact) : null
  if (!row || !config) return null
  const origin = tenantPublicOrigin(row)
  return {
    tenantId: order.tenantId,
    config,
    origin,
    organisation: row.organisation,
    sender: mailSenderOf(config, origin),
  }
}

/** The customer and shop a mail about `order` goes between, or null when none can be sent. */
async function shopMailContext(tx: Executor, order: OrderRow) {
  const shop = await shopOfOrder(tx, order)
  if (!shop) return null
  const [row] = await tx
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      anonymisedAt: customers.anonymisedAt,
    })
    .from(customers)
    .where(eq(customers.id, order.customerId))
  if (!row?.email || row.anonymisedAt) return null
  const { origin } = shop
  return {
    ...shop,
    to: row.email,
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
  const content =
    action === 'confirm'
      ? {
          kind: 'order_confirmed' as const,
          ...context.base,
          contract: await contractOf(tx, order, context),
          transfer: await transferInstructionsOf(tx, order),
        }
      : transitionMail(action, order, context.base, pickupLine(context.config))
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

type ShopOfOrder = NonNullable<Awaited<ReturnType<typeof shopOfOrder>>>

/**
 * The contract as the confirmation mail carries it (§ 312f Abs. 2 BGB): the seller from the
 * organisation's record, the lines with prices and whether the right of withdrawal applies
 * (`withdrawalAppliesTo`), delivery, payment, the terms, and the shop's withdrawal information with
 * the model form where any line has the right (the template when the shop has none).
 */
async function contractOf(
  tx: Executor,
  order: OrderRow,
  shop: ShopOfOrder,
): Promise<ContractDetails> {
  const items = await itemsOfOrder(tx, order)
  const withdrawal = new Map(
    (await withdrawalLinesOf(tx, order)).map((line) => [line.itemId, line.applies]),
  )
  const { organisation, config, origin } = shop
  const anyWithdrawal = [...withdrawal.values()].some(Boolean)
  const seller = {
    name: organisation.name,
    street: organisation.street ?? '',
    postalCode: organisation.postalCode ?? '',
    city: organisation.city ?? '',
    email: organisation.email ?? '',
    phone: organisation.phone ?? '',
  }
  const information = config.withdrawalInformation.trim()
    ? [
        config.withdrawalInformation,
        config.withdrawalInformation.includes('Muster-Widerrufsformular')
          ? ''
          : modelWithdrawalForm(seller),
      ]
        .filter(Boolean)
        .join('\n\n')
    : legalTemplates(seller).withdrawalInformation
  return {
    seller: sellerIdentityLines(organisation),
    lines: items.map((item) => ({
      name: item.name,
      quantity: formatSalesQuantity(item.quantity, item.salesUnit),
      grossCents: lineAmountCents(item, 'gross'),
      withdrawal: withdrawal.get(item.id) ?? true,
    })),
    delivery: deliveryMethodLabels[order.deliveryMethod],
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.grossCents,
    payment: order.paymentMethod ? shopPaymentMethodLabels[order.paymentMethod] : 'In der Apotheke',
    termsLink: config.terms.trim() ? `${origin}/agb` : null,
    withdrawalInformation: anyWithdrawal ? plainTextOfMarkdown(information, origin) : null,
    withdrawalLink: anyWithdrawal ? `${origin}${publicWithdrawalPath}` : null,
  }
}

/**
 * The acknowledgment of receipt of a withdrawal on a durable medium, with date and time
 * (§ 356a Abs. 3 BGB), to the address the consumer gave when declaring it.
 */
export async function mailWithdrawalReceived(
  tx: Executor,
  order: OrderRow,
  withdrawal: { name: string; email: string; receivedAt: Date; lines: string[] },
): Promise<void> {
  const shop = await shopOfOrder(tx, order)
  if (!shop) return
  await enqueueMail(tx, {
    tenantId: shop.tenantId,
    to: withdrawal.email,
    sender: shop.sender,
    content: {
      kind: 'withdrawal_received',
      name: withdrawal.name,
      orderNumber: order.number,
      receivedAt: withdrawal.receivedAt,
      lines: withdrawal.lines,
      link: `${shop.origin}${shopOrderPath(order)}`,
    },
  })
}
