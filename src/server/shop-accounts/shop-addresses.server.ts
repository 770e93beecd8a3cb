import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { isUuid } from '../../lib/ids'
import {
  type AddressKind,
  maxShopAddresses,
  type ShopAddress,
  shopAddressDefaultSchema,
  shopAddressSchema,
} from '../../lib/shop-addresses'
import { type Actor, requireShopCustomer, type ShopActor } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { shopUsers } from '../db/schema'
import { ConflictError, NotFoundError, parseInput } from '../errors.server'
import { shopAddresses } from './shop-accounts.schema'

/**
 * A shop customer's address book: at most `maxShopAddresses` addresses, one default billing and
 * one default shipping address. Every change locks the account's row first, so parallel changes
 * of one account queue (the limit and "exactly one default" hold under load). Orders copy the
 * address they use, so changing or deleting one never touches an order.
 */

export const addressNotFoundMessage = 'Diese Adresse gibt es nicht.'
export const tooManyAddressesMessage = `Sie können höchstens ${maxShopAddresses} Adressen speichern. Bitte löschen Sie zuerst eine.`

type AddressRow = typeof shopAddresses.$inferSelect

export const shopAddressOf = (row: AddressRow): ShopAddress => ({
  id: row.id,
  name: row.name,
  addition: row.addition,
  street: row.street,
  postalCode: row.postalCode,
  city: row.city,
  country: row.country,
  defaultBilling: row.defaultBilling,
  defaultShipping: row.defaultShipping,
})

const ownedBy = (customer: ShopActor) =>
  and(
    eq(shopAddresses.tenantId, customer.tenant.id),
    eq(shopAddresses.shopUserId, customer.user.id),
  )

/** The account's row, locked until the transaction ends: one change of its book at a time. */
async function lockAccount(tx: Executor, customer: ShopActor): Promise<void> {
  const [account] = await tx
    .select({ id: shopUsers.id })
    .from(shopUsers)
    .where(and(eq(shopUsers.id, customer.user.id), eq(shopUsers.tenantId, customer.tenant.id)))
    .for('update')
  if (!account) throw new NotFoundError(addressNotFoundMessage)
}

/** One of the account's addresses (locked when `forUpdate`); 404 for anybody else's. */
export async function findShopAddress(
  executor: Executor,
  customer: ShopActor,
  id: string,
  { forUpdate = false } = {},
): Promise<AddressRow> {
  if (!isUuid(id)) throw new NotFoundError(addressNotFoundMessage)
  const select = executor
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.id, id), ownedBy(customer)))
  const [row] = forUpdate ? await select.for('update') : await select
  if (!row) throw new NotFoundError(addressNotFoundMessage)
  return row
}

/** Takes the default flag of `kind` from every other address of the account. */
async function clearDefault(tx: Executor, customer: ShopActor, kind: AddressKind) {
  await tx
    .update(shopAddresses)
    .set(kind === 'billing' ? { defaultBilling: false } : { defaultShipping: false })
    .where(
      and(
        ownedBy(customer),
        kind === 'billing'
          ? eq(shopAddresses.defaultBilling, true)
          : eq(shopAddresses.defaultShipping, true),
      ),
    )
}

/** Default billing first, then default shipping, then the oldest. */
export async function listShopAddresses(actor: Actor, db: Database): Promise<ShopAddress[]> {
  const customer = requireShopCustomer(actor)
  const rows = await db
    .select()
    .from(shopAddresses)
    .where(ownedBy(customer))
    .orderBy(
      desc(shopAddresses.defaultBilling),
      desc(shopAddresses.defaultShipping),
      asc(shopAddresses.createdAt),
      asc(shopAddresses.id),
    )
  return rows.map(shopAddressOf)
}

/**
 * Adds an address. The account's first address becomes its default billing and shipping address;
 * a later one takes over a default when asked to. 409 past `maxShopAddresses`.
 */
export async function createShopAddress(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<ShopAddress> {
  const customer = requireShopCustomer(actor)
  const address = parseInput(shopAddressSchema, input)
  return db.transaction(async (tx) => {
    await lockAccount(tx, customer)
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(shopAddresses)
      .where(ownedBy(customer))
    const count = Number(counted?.count ?? 0)
    if (count >= maxShopAddresses) throw new ConflictError(tooManyAddressesMessage)
    const defaultBilling = address.defaultBilling || count === 0
    const defaultShipping = address.defaultShipping || count === 0
    if (defaultBilling) await clearDefault(tx, customer, 'billing')
    if (defaultShipping) await clearDefault(tx, customer, 'shipping')
    const [row] = await tx
      .insert(shopAddresses)
      .values({
        tenantId: customer.tenant.id,
        shopUserId: customer.user.id,
        name: address.name,
        addition: address.addition,
        street: address.street,
        postalCode: address.postalCode,
        city: address.city,
        defaultBilling,
        defaultShipping,
      })
      .returning()
    if (!row) throw new Error('shop address was not inserted')
    return shopAddressOf(row)
  })
}

/**
 * Changes an address. A default flag set here moves the default to it; a flag cleared here leaves
 * the account without that default until another address takes it.
 */
export async function updateShopAddress(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<ShopAddress> {
  const customer = requireShopCustomer(actor)
  const address = parseInput(shopAddressSchema, input)
  return db.transaction(async (tx) => {
    await lockAccount(tx, customer)
    const current = await findShopAddress(tx, customer, id, { forUpdate: true })
    if (address.defaultBilling && !current.defaultBilling) {
      await clearDefault(tx, customer, 'billing')
    }
    if (address.defaultShipping && !current.defaultShipping) {
      await clearDefault(tx, customer, 'shipping')
    }
    const [row] = await tx
      .update(shopAddresses)
      .set({
        name: address.name,
        addition: address.addition,
        street: address.street,
        postalCode: address.postalCode,
        city: address.city,
        defaultBilling: address.defaultBilling,
        defaultShipping: address.defaultShipping,
        updatedAt: new Date(),
      })
      .where(and(eq(shopAddresses.id, current.id), ownedBy(customer)))
      .returning()
    if (!row) throw new NotFoundError(addressNotFoundMessage)
    return shopAddressOf(row)
  })
}

/** Makes one of the account's addresses its default billing or shipping address. */
export async function setDefaultShopAddress(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<ShopAddress> {
  const customer = requireShopCustomer(actor)
  const { id, kind } = parseInput(shopAddressDefaultSchema, input)
  return db.transaction(async (tx) => {
    await lockAccount(tx, customer)
    const current = await findShopAddress(tx, customer, id, { forUpdate: true })
    await clearDefault(tx, customer, kind)
    const [row] = await tx
      .update(shopAddresses)
      .set({
        ...(kind === 'billing' ? { defaultBilling: true } : { defaultShipping: true }),
        updatedAt: new Date(),
      })
      .where(and(eq(shopAddresses.id, current.id), ownedBy(customer)))
      .returning()
    if (!row) throw new NotFoundError(addressNotFoundMessage)
    return shopAddressOf(row)
  })
}

/** Deletes an address; orders keep their copy. */
export async function deleteShopAddress(actor: Actor, id: string, db: Database): Promise<void> {
  const customer = requireShopCustomer(actor)
  await db.transaction(async (tx) => {
    await lockAccount(tx, customer)
    const current = await findShopAddress(tx, customer, id, { forUpdate: true })
    await tx.delete(shopAddresses).where(and(eq(shopAddresses.id, current.id), ownedBy(customer)))
  })
}
