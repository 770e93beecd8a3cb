import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { shopForbiddenMessage } from '../../lib/access-rules'
import {
  type AddToCartInput,
  alreadyInCartMessage,
  type CartCount,
  type CartLine,
  type CartView,
  cartItemNotFoundMessage,
  cartLimitMessage,
  cartLineLimit,
  cartOutOfStockMessage,
  cartQuantityMessage,
  cartTooManyGuestCartsMessage,
  fittedQuantity,
  guestCartLifetimeDays,
  guestCartsPerAddressPerHour,
  onlyAvailableMessage,
  orderableQuantity,
  parseAddToCartInput,
  parseRemoveCartItemInput,
  parseUpdateCartItemInput,
} from '../../lib/cart'
import { orderTotals } from '../../lib/customer-orders'
import { berlinIsoDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { formatSalesQuantity } from '../../lib/product-display'
import { formatPackSize, orderRuleProblem } from '../../lib/products'
import { requiresPrescription } from '../../lib/shop-catalogue'
import type { Actor } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../errors.server'
import type { IntervalJob } from '../jobs/job-runner.server'
import { organisationProducts, products } from '../products/products.schema'
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import {
  catalogueViewOf,
  productNotFoundMessage,
  type ShopListingFacts,
  shopListingFacts,
} from '../shop/catalogue.server'
import type { ShopTenant } from '../tenants.server'
import { cartItems, carts } from './cart.schema'

/**
 * The shop's server-side cart (ADR 037). A logged-in shop user's cart is keyed by the user, a
 * guest's by the SHA-256 of a random token that only the guest's HttpOnly cookie holds. Every write
 * locks the cart row first, so limits (50 lines, the listing's maximum, what is available) hold
 * under parallel requests, and a merge at login locks the user's cart, then the guest's. Every view
 * recomputes prices and availability with the catalogue's query (`shopListingFacts`).
 */

export type CartRow = typeof carts.$inferSelect

/** Whose cart a call is about: a shop user's, or a guest's by the token of the cookie (if any). */
export type CartOwner = { shopUserId: string } | { guestToken: string | null }

export const guestCartAddressRule: RateLimitRule = {
  name: 'shop-guest-cart-address',
  points: guestCartsPerAddressPerHour,
  windowSeconds: 3600,
  sliding: false,
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The owner of the cart `actor` uses on `shop`: a shop user of this shop (their own cart), or a
 * visitor with the cookie's token. Business users have no cart (403), nor has a shop user on
 * another shop's host.
 */
export function cartOwnerOf(shop: ShopTenant, actor: Actor, guestToken: string | null): CartOwner {
  if (actor.kind === 'shop') {
    if (actor.tenant.id !== shop.id) throw new ForbiddenError(shopForbiddenMessage)
    return { shopUserId: actor.user.id }
  }
  if (actor.kind === 'visitor') return { guestToken }
  throw new ForbiddenError(shopForbiddenMessage)
}

const ownerCondition = (shop: ShopTenant, owner: CartOwner) =>
  and(
    eq(carts.tenantId, shop.id),
    'shopUserId' in owner
      ? eq(carts.shopUserId, owner.shopUserId)
      : eq(carts.guestTokenHash, hashToken(owner.guestToken ?? '')),
  )

const hasCart = (owner: CartOwner) => 'shopUserId' in owner || owner.guestToken !== null

async function findCart(
  db: Executor,
  shop: ShopTenant,
  owner: CartOwner,
  lock: boolean,
): Promise<CartRow | null> {
  if (!hasCart(owner)) return null
  const query = db.select().from(carts).where(ownerCondition(shop, owner))
  const [cart] = lock ? await query.for('update') : await query
  return cart ?? null
}

/** The user's cart, created if missing, locked for the transaction. */
async function lockedUserCart(tx: Executor, shop: ShopTenant, shopUserId: string) {
  await tx
    .insert(carts)
    .values({ tenantId: shop.id, shopUserId })
    .onConflictDoNothing({ target: carts.shopUserId, where: sql`shop_user_id is not null` })
  const cart = await findCart(tx, shop, { shopUserId }, true)
  if (!cart) throw new Error('cart was not created')
  return cart
}

/**
 * The cart to write to, locked: an existing one, or a new one. A guest without a cart gets a new
 * token (the caller sets the cookie); new guest carts count against the client address's limit.
 */
async function lockedCartForWrite(
  tx: Executor,
  shop: ShopTenant,
  owner: CartOwner,
  clientIp: string,
): Promise<{ cart: CartRow; newGuestToken: string | null }> {
  if ('shopUserId' in owner) {
    return { cart: await lockedUserCart(tx, shop, owner.shopUserId), newGuestToken: null }
  }
  const existing = await findCart(tx, shop, owner, true)
  if (existing) return { cart: existing, newGuestToken: null }
  await countAttempt(
    tx,
    guestCartAddressRule,
    `${shop.id}:${clientIp}`,
    cartTooManyGuestCartsMessage,
    'Sie',
  )
  const token = randomBytes(32).toString('base64url')
  const [cart] = await tx
    .insert(carts)
    .values({ tenantId: shop.id, guestTokenHash: hashToken(token) })
    .returning()
  if (!cart) throw new Error('cart was not created')
  return { cart, newGuestToken: token }
}

const touch = (tx: Executor, cartId: string) =>
  tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId))

/** The cart's items with their product's name, in the order they were added. */
async function itemsOf(db: Executor, cartId: string) {
  return db
    .select({
      id: cartItems.id,
      listingId: cartItems.organisationProductId,
      quantity: cartItems.quantity,
      addedUnitGrossCents: cartItems.addedUnitGrossCents,
      name: products.name,
      category: products.category,
      salesUnit: organisationProducts.salesUnit,
      packBaseUnits: products.packBaseUnits,
      packUnit: products.packUnit,
      orderStep: organisationProducts.orderStep,
      minOrderQuantity: organisationProducts.minOrderQuantity,
      maxOrderQuantity: organisationProducts.maxOrderQuantity,
    })
    .from(cartItems)
    .innerJoin(organisationProducts, eq(organisationProducts.id, cartItems.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
}

type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number]

/** The most of a listing that can be had now: its orderable quantity within what is available. */
const orderableOf = (facts: ShopListingFacts | undefined): number =>
  facts ? orderableQuantity(facts.availableUnits, facts) : 0

function cartLine(
  item: ItemRow,
  facts: ShopListingFacts | undefined,
  pricesShown: boolean,
): CartLine {
  const orderable = orderableOf(facts)
  const unavailable = orderable === 0
  const unitGrossCents = facts && pricesShown ? facts.grossCents : null
  return {
    id: item.id,
    listingId: item.listingId,
    category: item.category === 'extract' ? 'extract' : 'flower',
    name: item.name,
    packPhotoId: facts?.packPhotoId ?? null,
    salesUnit: item.salesUnit,
    unitLabel:
      item.salesUnit === 'gram'
        ? 'je g'
        : `je Packung (${formatPackSize(item.packBaseUnits, item.packUnit)})`,
    quantity: item.quantity,
    orderStep: item.orderStep,
    minOrderQuantity: item.minOrderQuantity,
    maxOrderQuantity: item.maxOrderQuantity,
    unitGrossCents,
    lineGrossCents: unitGrossCents === null ? null : unitGrossCents * item.quantity,
    previousUnitGrossCents:
      unitGrossCents !== null && unitGrossCents !== item.addedUnitGrossCents
        ? item.addedUnitGrossCents
        : null,
    unavailable,
    availableUnits: !unavailable && item.quantity > orderable ? orderable : null,
    prescriptionRequired: requiresPrescription(item.category === 'extract' ? 'extract' : 'flower'),
  }
}

function cartView(
  items: ItemRow[],
  facts: Map<string, ShopListingFacts>,
  pricesShown: boolean,
): CartView {
  const lines = items.map((item) => cartLine(item, facts.get(item.listingId), pricesShown))
  const priced = items.flatMap((item) => {
    const listing = facts.get(item.listingId)
    return listing && orderableOf(listing) > 0
      ? [{ unitPriceCents: listing.priceCents, quantity: item.quantity, vatRate: listing.vatRate }]
      : []
  })
  // The shop sells to patients: gross prices, the lines add up to the total (ADR 056).
  const totals = orderTotals(priced, 'gross')
  return {
    lines,
    pricesShown,
    totals: pricesShown
      ? {
          grossCents: totals.grossCents,
          vat: totals.byRate.map((row) => ({ rate: row.rate, cents: row.vatCents })),
        }
      : null,
    hasChanges: lines.some(
      (line) =>
        line.unavailable || line.availableUnits !== null || line.previousUnitGrossCents !== null,
    ),
  }
}

/** Prices: the shop's config for visitors, always for its logged-in customers. */
const pricesShownTo = (shop: ShopTenant, owner: CartOwner) =>
  catalogueViewOf(shop, 'shopUserId' in owner).pricesShown

async function viewOf(
  db: Executor,
  shop: ShopTenant,
  owner: CartOwner,
  cart: CartRow | null,
  today: string,
): Promise<CartView> {
  const items = cart ? await itemsOf(db, cart.id) : []
  const facts = await shopListingFacts(
    db,
    shop,
    items.map((item) => item.listingId),
    today,
  )
  return cartView(items, facts, pricesShownTo(shop, owner))
}

/** The cart page: every line with today's price and availability and what changed since. */
export async function getCart(
  db: Database,
  shop: ShopTenant,
  owner: CartOwner,
  today: string = berlinIsoDate(),
): Promise<CartView> {
  return viewOf(db, shop, owner, await findCart(db, shop, owner, false), today)
}

/** The header's figure: how many lines (products) the cart holds. */
export async function cartCount(
  db: Database,
  shop: ShopTenant,
  owner: CartOwner,
): Promise<CartCount> {
  if (!hasCart(owner)) return { lines: 0 }
  const [row] = await db
    .select({ lines: sql<number>`count(${cartItems.id})::int` })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(ownerCondition(shop, owner))
  return { lines: Number(row?.lines ?? 0) }
}

async function countLines(tx: Executor, cartId: string): Promise<number> {
  const [row] = await tx
    .select({ lines: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
  return Number(row?.lines ?? 0)
}

const amountOf = (quantity: number, facts: Pick<ShopListingFacts, 'salesUnit'>) =>
  formatSalesQuantity(quantity, facts.salesUnit)

/**
 * The problem with holding `quantity` of a listing: an order rule it breaks (with what the cart
 * already holds, past the maximum) or more than is available; null when it fits.
 */
function quantityProblem(
  quantity: number,
  inCart: number,
  facts: ShopListingFacts,
): { status: 400 | 409; message: string } | null {
  const rule = orderRuleProblem(quantity, facts)
  if (rule) {
    const already =
      inCart > 0 && facts.maxOrderQuantity !== null && quantity > facts.maxOrderQuantity
        ? ` ${alreadyInCartMessage(amountOf(inCart, facts))}`
        : ''
    return { status: 400, message: `${rule}${already}` }
  }
  if (quantity > facts.availableUnits) {
    const orderable = orderableOf(facts)
    return {
      status: 409,
      message:
        orderable === 0 ? cartOutOfStockMessage : onlyAvailableMessage(amountOf(orderable, facts)),
    }
  }
  return null
}

function refuse(problem: { status: 400 | 409; message: string }): never {
  if (problem.status === 409) throw new ConflictError(problem.message)
  throw new InvalidError({ quantity: problem.message }, problem.message)
}

export interface CartChange {
  count: CartCount
  /** A new guest cart's token, for the cookie; null when the cart existed or is a user's. */
  newGuestToken: string | null
}

/**
 * Adds `quantity` sales units of a listing the shop shows (to the line it already has, if any).
 * 400 for a quantity that breaks the listing's rules, 404 for a product the shop does not show
 * (another shop's, archived, invisible), 409 past what is available or 50 lines, 429 past the
 * guest carts one address may open per hour. A refused addition writes nothing.
 */
export async function addToCart(
  db: Database,
  shop: ShopTenant,
  owner: CartOwner,
  input: unknown,
  clientIp: string,
  today: string = berlinIsoDate(),
): Promise<CartChange> {
  const request: AddToCartInput = parseAddToCartInput(input)
  if (!isUuid(request.listingId)) throw new NotFoundError(productNotFoundMessage)
  if (Number.isNaN(request.quantity)) {
    throw new InvalidError({ quantity: cartQuantityMessage }, cartQuantityMessage)
  }
  const listingId = request.listingId.toLowerCase()
  // One transaction: a refused addition rolls back a guest's new cart and its count as well.
  return db.transaction(async (tx) => {
    const { cart, newGuestToken } = await lockedCartForWrite(tx, shop, owner, clientIp)
    const facts = (await shopListingFacts(tx, shop, [listingId], today)).get(listingId)
    if (!facts) throw new NotFoundError(productNotFoundMessage)
    const [line] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.organisationProductId, listingId)))
    const inCart = line?.quantity ?? 0
    const problem = quantityProblem(inCart + request.quantity, inCart, facts)
    if (problem) refuse(problem)
    if (line) {
      await tx
        .update(cartItems)
        .set({ quantity: inCart + request.quantity, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id))
    } else {
      const lines = await countLines(tx, cart.id)
      if (lines >= cartLineLimit) throw new ConflictError(cartLimitMessage)
      await tx.insert(cartItems).values({
        cartId: cart.id,
        organisationProductId: listingId,
        quantity: request.quantity,
        addedUnitGrossCents: facts.grossCents,
      })
    }
    await touch(tx, cart.id)
    return { count: { lines: await countLines(tx, cart.id) }, newGuestToken }
  })
}

/** The line `itemId` of the owner's cart, with the cart locked; 404 for anyone else's. */
async function lockedLine(tx: Executor, shop: ShopTenant, owner: CartOwner, itemId: string) {
  const cart = isUuid(itemId) ? await findCart(tx, shop, owner, true) : null
  const [line] = cart
    ? await tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
    : []
  if (!cart || !line) throw new NotFoundError(cartItemNotFoundMessage)
  return { cart, line }
}

/**
 * Sets a line's quantity (the cart page's stepper): within the listing's rules and what is
 * available. The price the line was added at stays, so the cart still names a changed price.
 */
export async function updateCartItem(
  db: Database,
  shop: ShopTenant,
  owner: CartOwner,
  input: unknown,
  today: string = berlinIsoDate(),
): Promise<CartView> {
  const request = parseUpdateCartItemInput(input)
  if (Number.isNaN(request.quantity)) {
    throw new InvalidError({ quantity: cartQuantityMessage }, cartQuantityMessage)
  }
  return db.transaction(async (tx) => {
    const { cart, line } = await lockedLine(tx, shop, owner, request.itemId)
    const facts = (await shopListingFacts(tx, shop, [line.organisationProductId], today)).get(
      line.organisationProductId,
    )
    if (!facts) throw new ConflictError(cartOutOfStockMessage)
    // Fewer than before is always allowed within the rules, even when more is held than available.
    const problem = quantityProblem(request.quantity, 0, facts)
    if (problem && !(problem.status === 409 && request.quantity < line.quantity)) refuse(problem)
    await tx
      .update(cartItems)
      .set({ quantity: request.quantity, updatedAt: sql`now()` })
      .where(eq(cartItems.id, line.id))
    await touch(tx, cart.id)
    return viewOf(tx, shop, owner, cart, today)
  })
}

export async function removeCartItem(
  db: Database,
  shop: ShopTenant,
  owner: CartOwner,
  input: unknown,
  today: string = berlinIsoDate(),
): Promise<CartView> {
  const request = parseRemoveCartItemInput(input)
  return db.transaction(async (tx) => {
    const { cart, line } = await lockedLine(tx, shop, owner, request.itemId)
    await tx.delete(cartItems).where(eq(cartItems.id, line.id))
    await touch(tx, cart.id)
    return viewOf(tx, shop, owner, cart, today)
  })
}

/**
 * "Änderungen übernehmen", in one transaction: today's prices become the lines' prices, quantities
 * over what is available are lowered to what can be ordered, lines that cannot be had are removed.
 */
export async function acceptCartChanges(
  db: Database,
  shop: ShopTenant,
  owner: CartOwner,
  today: string = berlinIsoDate(),
): Promise<CartView> {
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, shop, owner, true)
    if (!cart) return viewOf(tx, shop, owner, null, today)
    const items = await itemsOf(tx, cart.id)
    const facts = await shopListingFacts(
      tx,
      shop,
      items.map((item) => item.listingId),
      today,
    )
    for (const item of items) {
      const listing = facts.get(item.listingId)
      const orderable = orderableOf(listing)
      if (!listing || orderable === 0) {
        await tx.delete(cartItems).where(eq(cartItems.id, item.id))
        continue
      }
      const quantity = Math.min(item.quantity, orderable)
      if (quantity !== item.quantity || listing.grossCents !== item.addedUnitGrossCents) {
        await tx
          .update(cartItems)
          .set({ quantity, addedUnitGrossCents: listing.grossCents, updatedAt: sql`now()` })
          .where(eq(cartItems.id, item.id))
      }
    }
    await touch(tx, cart.id)
    return viewOf(tx, shop, owner, cart, today)
  })
}

/**
 * Moves a guest's cart into the shop user's at login: the same product becomes one line with the
 * quantities added (capped at the listing's maximum, snapped to its step), new products join as
 * long as the cart has room for them (50 lines); then the guest's cart is deleted. Locks the
 * user's cart, then the guest's, so parallel logins merge once. Answers whether a guest cart was
 * merged (the caller then clears the cookie either way).
 */
export async function mergeGuestCart(
  db: Database,
  shop: ShopTenant,
  shopUserId: string,
  guestToken: string,
): Promise<boolean> {
  const guestOwner: CartOwner = { guestToken }
  if (!(await findCart(db, shop, guestOwner, false))) return false
  return db.transaction(async (tx) => {
    const userCart = await lockedUserCart(tx, shop, shopUserId)
    const guestCart = await findCart(tx, shop, guestOwner, true)
    if (!guestCart) return false
    const guestItems = await tx.select().from(cartItems).where(eq(cartItems.cartId, guestCart.id))
    const userItems = await tx.select().from(cartItems).where(eq(cartItems.cartId, userCart.id))
    const listingIds = guestItems.map((item) => item.organisationProductId)
    const rules = listingIds.length
      ? await tx
          .select({
            id: organisationProducts.id,
            orderStep: organisationProducts.orderStep,
            minOrderQuantity: organisationProducts.minOrderQuantity,
            maxOrderQuantity: organisationProducts.maxOrderQuantity,
          })
          .from(organisationProducts)
          .where(
            and(
              inArray(organisationProducts.id, listingIds),
              eq(organisationProducts.organisationId, shop.organisationId),
            ),
          )
      : []
    const rulesById = new Map(rules.map((row) => [row.id, row]))
    const userByListing = new Map(userItems.map((item) => [item.organisationProductId, item]))
    let lines = userItems.length
    for (const item of guestItems) {
      const listingRules = rulesById.get(item.organisationProductId)
      if (!listingRules) continue
      const existing = userByListing.get(item.organisationProductId)
      if (existing) {
        await tx
          .update(cartItems)
          .set({
            quantity: fittedQuantity(existing.quantity + item.quantity, listingRules),
            updatedAt: sql`now()`,
          })
          .where(eq(cartItems.id, existing.id))
      } else if (lines < cartLineLimit) {
        await tx.insert(cartItems).values({
          cartId: userCart.id,
          organisationProductId: item.organisationProductId,
          quantity: fittedQuantity(item.quantity, listingRules),
          addedUnitGrossCents: item.addedUnitGrossCents,
        })
        lines += 1
      }
    }
    await tx.delete(carts).where(eq(carts.id, guestCart.id))
    await touch(tx, userCart.id)
    return true
  })
}

// ─── For the checkout ───────────────────────────────────────────────────────────────────────

/**
 * The shop user's cart row on `tenantId`, or null; with the row locked when called inside the
 * checkout's transaction (`for update`), so no parallel change slips between reading and emptying.
 */
export async function cartOfShopUser(
  executor: Executor,
  tenantId: string,
  shopUserId: string,
  { lock = true }: { lock?: boolean } = {},
): Promise<CartRow | null> {
  const select = executor
    .select()
    .from(carts)
    .where(and(eq(carts.tenantId, tenantId), eq(carts.shopUserId, shopUserId)))
  const [cart] = lock ? await select.for('update') : await select
  return cart ?? null
}

/** Removes every line of the cart (the cart row stays, its owner keeps it). */
export async function emptyCart(tx: Executor, cartId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId))
  await touch(tx, cartId)
}

// ─── Purge ──────────────────────────────────────────────────────────────────────────────────

export const guestCartPurgeJobName = 'guest-cart-purge'
const purgeBatchSize = 200

/**
 * Deletes guest carts untouched for 30 days (their lines go with them). Safe with several app
 * processes: each pass takes a batch with `FOR UPDATE SKIP LOCKED`, so a cart a guest is changing
 * right now (locked) is skipped. Answers how many carts it deleted.
 */
export async function purgeStaleGuestCarts(db: Database): Promise<number> {
  let purged = 0
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: carts.id })
        .from(carts)
        .where(
          and(
            isNull(carts.shopUserId),
            lte(carts.updatedAt, sql`now() - make_interval(days => ${guestCartLifetimeDays})`),
          ),
        )
        .orderBy(asc(carts.updatedAt), asc(carts.id))
        .limit(purgeBatchSize)
        .for('update', { skipLocked: true })
      if (stale.length > 0) {
        await tx.delete(carts).where(
          inArray(
            carts.id,
            stale.map((cart) => cart.id),
          ),
        )
      }
      return stale.length
    })
    purged += count
    if (count < purgeBatchSize) return purged
  }
}

export const guestCartPurgeJob = (db: Database): IntervalJob => ({
  name: guestCartPurgeJobName,
  intervalMs: 3_600_000,
  run: () => purgeStaleGuestCarts(db),
})
