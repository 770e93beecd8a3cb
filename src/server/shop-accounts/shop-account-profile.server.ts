import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { anonymisedName } from '../../lib/customers'
import type { ShopAccountExport, ShopAccountOverview, ShopProfile } from '../../lib/shop-account'
import {
  openOrdersBlockDeletionMessage,
  shopPasswordChangeSchema,
  shopProfileSchema,
} from '../../lib/shop-accounts'
import { accountMessages, passwordChangeLimits } from '../account.server'
import type { Actor, ShopActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { revokeSessionsOf } from '../auth.server'
import { carts } from '../cart/cart.schema'
import { customerOrderItems, customerOrders } from '../customer-orders/customer-orders.schema'
import { eraseLockedCustomer } from '../customers/customer-privacy.server'
import { customers } from '../customers/customers.schema'
import { findCustomer, openOrderNumbers } from '../customers/customers.server'
import type { Database, Executor } from '../db/client.server'
import { shopUsers } from '../db/schema'
import { ConflictError, DomainError, InvalidError, parseInput } from '../errors.server'
import { hashPassword, verifyPassword } from '../password.server'
import { countAttempt, resetCounter } from '../rate-limit.server'
import { shopCustomerOf } from './shop-account-access.server'
import { listShopOrders } from './shop-account-orders.server'
import { accountTokens, shopAddresses } from './shop-accounts.schema'

/**
 * "Mein Konto" of a shop customer: the personal data, the password, the data export (Art. 15,
 * 20 DSGVO) and the deletion of the account (Art. 17 DSGVO, ADR 034). Every function serves the
 * logged-in shop customer only and touches their own rows only.
 */

export const shopAccountAudit = {
  entityType: 'shop_user',
  profileChanged: 'shop_user.profile_changed',
  passwordChanged: 'shop_user.password_changed',
  emailChangeRequested: 'shop_user.email_change_requested',
  emailChanged: 'shop_user.email_changed',
  exported: 'shop_user.exported',
  deleted: 'shop_user.deleted',
} as const

type ShopUserRow = typeof shopUsers.$inferSelect

/** The shop customer's account row, locked when `forUpdate`; 401 once it is gone or inactive. */
export async function ownAccountRow(
  executor: Executor,
  actor: ShopActor,
  options: { forUpdate?: boolean } = {},
): Promise<ShopUserRow> {
  const query = executor
    .select()
    .from(shopUsers)
    .where(
      and(
        eq(shopUsers.id, actor.user.id),
        eq(shopUsers.tenantId, actor.tenant.id),
        eq(shopUsers.active, true),
      ),
    )
  const [row] = options.forUpdate ? await query.for('update') : await query
  if (!row) throw new DomainError(401, 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich an.')
  return row
}

/** Records a change of the account in the audit log of the shop's organisation (no values). */
export async function auditAccount(
  tx: Executor,
  actor: ShopActor,
  action: string,
  after: Record<string, unknown> | null = null,
) {
  await recordAudit(tx, {
    organisationId: actor.tenant.organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: shopAccountAudit.entityType, id: actor.user.id },
    after,
  })
}

/**
 * Checks the current password before a change that needs it, counted per account against
 * guessing with a stolen session (the business users' rule, ADR 032); a right one resets it.
 */
export async function checkCurrentPassword(
  db: Database,
  actor: ShopActor,
  password: string,
): Promise<ShopUserRow> {
  const rule = passwordChangeLimits.user
  await countAttempt(db, rule, actor.user.id, accountMessages.tooManyWrongPasswords, 'Sie')
  const row = await ownAccountRow(db, actor)
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new InvalidError(
      { currentPassword: accountMessages.wrongCurrentPassword },
      accountMessages.wrongCurrentPassword,
    )
  }
  await resetCounter(db, rule, actor.user.id)
  return row
}

/** The address an e-mail change waits to be confirmed for, if a link is still open. */
async function pendingEmailOf(executor: Executor, userId: string): Promise<string | null> {
  const [token] = await executor
    .select({ newEmail: accountTokens.newEmail, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.shopUserId, userId),
        eq(accountTokens.purpose, 'confirm_email_change'),
        isOpenToken(),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1)
  return token?.newEmail ?? null
}

const isOpenToken = () => and(isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date()))

const profileOf = (row: ShopUserRow, pendingEmail: string | null): ShopProfile => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  birthDate: row.birthDate,
  createdAt: row.createdAt.toISOString(),
  pendingEmail,
})

/** The personal data as the page shows and edits it. */
export async function getShopProfile(actor: Actor, db: Database): Promise<ShopProfile> {
  const customer = shopCustomerOf(actor)
  const row = await ownAccountRow(db, customer)
  return profileOf(row, await pendingEmailOf(db, row.id))
}

/** The start page of the account: the last three orders, the default address, the personal data. */
export async function getShopAccountOverview(
  actor: Actor,
  db: Database,
): Promise<ShopAccountOverview> {
  const customer = shopCustomerOf(actor)
  const profile = await getShopProfile(customer, db)
  const recent = await listShopOrders(customer, 1, db, 3)
  const [address] = await db
    .select({
      name: shopAddresses.name,
      addition: shopAddresses.addition,
      street: shopAddresses.street,
      postalCode: shopAddresses.postalCode,
      city: shopAddresses.city,
      country: shopAddresses.country,
    })
    .from(shopAddresses)
    .where(
      and(
        eq(shopAddresses.shopUserId, customer.user.id),
        eq(shopAddresses.tenantId, customer.tenant.id),
        or(eq(shopAddresses.defaultShipping, true), eq(shopAddresses.defaultBilling, true)),
      ),
    )
    .orderBy(desc(shopAddresses.defaultShipping), desc(shopAddresses.defaultBilling))
    .limit(1)
  return {
    profile,
    recentOrders: recent.items,
    orderCount: recent.total,
    defaultAddress: address ?? null,
  }
}

/** Changes name and phone. */
export async function updateShopProfile(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<ShopProfile> {
  const customer = shopCustomerOf(actor)
  const values = parseInput(shopProfileSchema, input)
  return db.transaction(async (tx) => {
    await ownAccountRow(tx, customer, { forUpdate: true })
    const [row] = await tx
      .update(shopUsers)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(shopUsers.id, customer.user.id), eq(shopUsers.tenantId, customer.tenant.id)))
      .returning()
    if (!row) throw new Error('shop user vanished under its lock')
    await auditAccount(tx, customer, shopAccountAudit.profileChanged, {
      fields: Object.keys(values),
    })
    return profileOf(row, await pendingEmailOf(tx, row.id))
  })
}

/**
 * Changes the password after checking the current one (the registration's rules for the new
 * one); every other session of the account ends, the calling one stays.
 */
export async function changeShopPassword(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<{ ok: true }> {
  const customer = shopCustomerOf(actor)
  const { currentPassword, password } = parseInput(shopPasswordChangeSchema, input)
  await checkCurrentPassword(db, customer, currentPassword)
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    await ownAccountRow(tx, customer, { forUpdate: true })
    await tx
      .update(shopUsers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(shopUsers.id, customer.user.id), eq(shopUsers.tenantId, customer.tenant.id)))
    await revokeSessionsOf(tx, 'b2c', customer.user.id, customer.sessionId)
    await auditAccount(tx, customer, shopAccountAudit.passwordChanged)
  })
  return { ok: true }
}

/** The own orders (all pages) with their items, for the export. */
async function exportedOrders(db: Database, actor: ShopActor) {
  const orders = await db
    .select({ order: customerOrders })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customers.shopUserId, actor.user.id),
        eq(customerOrders.channel, 'shop'),
        eq(customerOrders.tenantId, actor.tenant.id),
      ),
    )
    .orderBy(desc(customerOrders.createdAt), desc(customerOrders.id))
  const ids = orders.map((row) => row.order.id)
  const items =
    ids.length === 0
      ? []
      : await db.select().from(customerOrderItems).where(inArray(customerOrderItems.orderId, ids))
  return orders.map(({ order }) => ({
    number: order.number,
    type: order.type,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    deliveryMethod: order.deliveryMethod,
    delivery: {
      name: order.deliveryName,
      street: order.deliveryStreet,
      postalCode: order.deliveryPostalCode,
      city: order.deliveryCity,
      country: order.deliveryCountry,
    },
    billing: {
      name: order.billingName,
      street: order.billingStreet,
      postalCode: order.billingPostalCode,
      city: order.billingCity,
      country: order.billingCountry,
    },
    netCents: order.netCents,
    vatCents: order.vatCents,
    grossCents: order.grossCents,
    deliveryFeeCents: order.deliveryFeeCents,
    copaymentCents: order.copaymentCents,
    insurerCents: order.insurerCents,
    cancelReason: order.cancelReason,
    items: items
      .filter((item) => item.orderId === order.id)
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        name: item.name,
        pzn: item.pzn,
        quantity: item.quantity,
        salesUnit: item.salesUnit,
        unitPriceCents: item.unitPriceCents,
        vatRate: item.vatRate,
        copaymentCents: item.copaymentCents,
      })),
  }))
}

/**
 * Everything the shop keeps about the account (Art. 15, 20 DSGVO), machine-readable: the account,
 * its consent, the addresses, and the orders with their items. The export is audited.
 */
export async function exportShopAccount(actor: Actor, db: Database): Promise<ShopAccountExport> {
  const customer = shopCustomerOf(actor)
  const row = await ownAccountRow(db, customer)
  const addresses = await db
    .select()
    .from(shopAddresses)
    .where(
      and(eq(shopAddresses.shopUserId, row.id), eq(shopAddresses.tenantId, customer.tenant.id)),
    )
    .orderBy(desc(shopAddresses.createdAt))
  const orders = await exportedOrders(db, customer)
  await db.transaction((tx) => auditAccount(tx, customer, shopAccountAudit.exported))
  return {
    exportedAt: new Date().toISOString(),
    shop: customer.tenant.config?.shopName ?? customer.tenant.slug,
    account: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      birthDate: row.birthDate,
      emailConfirmedAt: row.emailConfirmedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    },
    consents: [
      {
        kind: 'privacy_policy',
        at: row.privacyConsentAt?.toISOString() ?? null,
        version: row.privacyPolicyVersion,
      },
    ],
    addresses: addresses.map((address) => ({
      name: address.name,
      addition: address.addition,
      street: address.street,
      postalCode: address.postalCode,
      city: address.city,
      country: address.country,
      defaultBilling: address.defaultBilling,
      defaultShipping: address.defaultShipping,
    })),
    orders,
  }
}

/**
 * Deletes the account (ADR 034): refused while an order is open. Otherwise the person is
 * anonymised — the account keeps no name, address, phone or birth date, cannot log in and has no
 * sessions, addresses, cart or open links; the linked customer rows are erased like the owner's
 * action does — restricted while invoices or pharmacy records must still be kept (ADR 068).
 */
export async function deleteShopAccount(actor: Actor, db: Database): Promise<{ ok: true }> {
  const customer = shopCustomerOf(actor)
  const unusableHash = `!deleted:${randomBytes(32).toString('base64url')}`
  await db.transaction(async (tx) => {
    const row = await ownAccountRow(tx, customer, { forUpdate: true })
    const linked = await tx
      .select({ id: customers.id, organisationId: customers.organisationId })
      .from(customers)
      .where(eq(customers.shopUserId, row.id))
    const locked = []
    const open: string[] = []
    for (const link of linked) {
      // Locked like the owner's anonymisation does: no order can open for it until the commit.
      const current = await findCustomer(tx, link.organisationId, link.id, { forUpdate: true })
      if (!current) continue
      locked.push(current)
      open.push(...(await openOrderNumbers(tx, link.organisationId, link.id)))
    }
    if (open.length > 0) throw new ConflictError(openOrdersBlockDeletionMessage(open))
    let restricted = 0
    for (const current of locked) {
      if (!current.anonymisedAt && (await eraseLockedCustomer(tx, customer, current))) restricted++
    }
    await tx
      .update(shopUsers)
      .set({
        name: anonymisedName,
        email: `geloescht-${row.id}@anonymisiert.invalid`,
        phone: null,
        birthDate: null,
        passwordHash: unusableHash,
        active: false,
        updatedAt: new Date(),
      })
      .where(eq(shopUsers.id, row.id))
    await tx.delete(shopAddresses).where(eq(shopAddresses.shopUserId, row.id))
    await tx.delete(carts).where(eq(carts.shopUserId, row.id))
    await tx.delete(accountTokens).where(eq(accountTokens.shopUserId, row.id))
    await revokeSessionsOf(tx, 'b2c', row.id)
    await auditAccount(tx, customer, shopAccountAudit.deleted, {
      customersAnonymised: locked.length - restricted,
      customersRestricted: restricted,
    })
  })
  return { ok: true }
}
