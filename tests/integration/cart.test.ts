import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cartLineLimit, guestCartsPerAddressPerHour } from '~/lib/cart'
import { orderTotals } from '~/lib/customer-orders'
import { type BusinessActor, type ShopActor, visitorActor } from '~/server/actor.server'
import { cartItems, carts } from '~/server/cart/cart.schema'
import {
  acceptCartChanges,
  addToCart,
  type CartOwner,
  cartCount,
  cartOfShopUser,
  cartOwnerOf,
  emptyCart,
  getCart,
  mergeGuestCart,
  purgeStaleGuestCarts,
  removeCartItem,
  updateCartItem,
} from '~/server/cart/cart.server'
import { demoIds } from '~/server/db/seed.server'
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
} from '~/server/errors.server'
import { organisationProducts, products } from '~/server/products/products.schema'
import { type ShopListingFacts, shopListingFacts } from '~/server/shop/catalogue.server'
import { stockReservations } from '~/server/stock/stock.schema'
import { reserveStock } from '~/server/stock/stock-reservations.server'
import { resolveTenant, type ShopTenant } from '~/server/tenants.server'
import { businessActorOf, shopActorOf } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const appDomain = 'blattwerk.localhost'
const burst = 50
/** The source of the stock holds tests make, released before each test. */
const testHolds = crypto.randomUUID()

describe.each(testDatabaseKinds)('shop cart on %s', (kind) => {
  let database: TestDatabase
  let shop: ShopTenant
  let customer: ShopActor
  let owner: BusinessActor
  /** Visible flowers and extracts with stock, by gram, step 1: each test takes its own. */
  let candidates: ShopListingFacts[]
  const db = () => database.handle.db
  let addressCounter = 0
  const freshAddress = () => `198.51.100.${++addressCounter}`

  const settled = <T>(attempts: Promise<T>[]) => Promise.allSettled(attempts)
  const rejectedWith = (
    results: PromiseSettledResult<unknown>[],
    type: abstract new (...args: never[]) => DomainError,
  ) =>
    results.filter((result) => result.status === 'rejected' && result.reason instanceof type).length

  /** The demo shop's listings with stock; each test resets them and takes what it needs. */
  let nextListing = 0
  const takeListing = (): ShopListingFacts => {
    const listing = candidates[nextListing++]
    if (!listing) throw new Error('the demo shop has too few listings with stock')
    return listing
  }
  /** A guest's first addition: answers the owner with the new cookie's token. */
  const guestWith = async (listingId: string, quantity: number): Promise<CartOwner> => {
    const change = await addToCart(
      db(),
      shop,
      { guestToken: null },
      { listingId, quantity },
      freshAddress(),
    )
    expect(change.newGuestToken).toMatch(/^[\w-]{43}$/)
    return { guestToken: change.newGuestToken }
  }
  const cartRows = () => db().select().from(carts)
  const setListing = (id: string, values: Partial<typeof organisationProducts.$inferInsert>) =>
    db().update(organisationProducts).set(values).where(eq(organisationProducts.id, id))
  /** Holds all but `leftUnits` sales units of the listing, as an order's reservation would. */
  const holdAllBut = async (listing: ShopListingFacts, leftUnits: number) => {
    const [facts] = (await shopListingFacts(db(), shop, [listing.id])).values()
    const units = (facts?.availableUnits ?? 0) - leftUnits
    if (units <= 0) return
    await db().transaction((tx) =>
      reserveStock(tx, {
        organisationId: shop.organisationId,
        organisationProductId: listing.id,
        quantity: units * listing.baseUnitsPerSalesUnit,
        source: { type: 'customer_order', id: testHolds },
        expiresAt: new Date(Date.now() + 3_600_000),
      }),
    )
  }
  const userOwner = (): CartOwner => ({ shopUserId: customer.user.id })

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    shop = (await resolveTenant(db(), `sonnen-apotheke.${appDomain}`, appDomain)) as ShopTenant
    customer = await shopActorOf(db())
    owner = await businessActorOf(db(), demoIds.userPharmacyOwner)
    const listings = await db()
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .where(eq(organisationProducts.organisationId, shop.organisationId))
    const facts = await shopListingFacts(
      db(),
      shop,
      listings.map((listing) => listing.id),
    )
    candidates = [...facts.values()]
      .filter((listing) => listing.salesUnit === 'gram' && listing.availableUnits >= 30)
      .sort((a, b) => a.id.localeCompare(b.id))
  })
  afterAll(async () => {
    await database?.dispose()
  })
  beforeEach(async () => {
    nextListing = 0
    await db().delete(cartItems)
    await db().delete(carts)
    await db().delete(stockReservations).where(eq(stockReservations.sourceId, testHolds))
    // The tests set the rules they need themselves.
    for (const listing of candidates) {
      await setListing(listing.id, {
        orderStep: 1,
        minOrderQuantity: null,
        maxOrderQuantity: null,
        priceCents: listing.priceCents,
        visibleInShop: true,
        archivedAt: null,
      })
    }
  })

  it('a guest adds a product: the cookie token opens one cart, the same product stays one line', async () => {
    const flower = takeListing()
    const guest = await guestWith(flower.id, 2)
    const [cart] = await cartRows()
    expect(cart?.guestTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(cart?.guestTokenHash).not.toBe((guest as { guestToken: string }).guestToken)
    expect(cart?.shopUserId).toBeNull()

    const again = await addToCart(db(), shop, guest, { listingId: flower.id, quantity: 3 }, '::1')
    expect(again).toEqual({ count: { lines: 1 }, newGuestToken: null })
    expect(await cartCount(db(), shop, guest)).toEqual({ lines: 1 })
    expect(await cartCount(db(), shop, { guestToken: null })).toEqual({ lines: 0 })

    const view = await getCart(db(), shop, guest)
    expect(view.lines).toHaveLength(1)
    expect(view.lines[0]).toMatchObject({
      listingId: flower.id,
      quantity: 5,
      unavailable: false,
      availableUnits: null,
      previousUnitGrossCents: null,
      prescriptionRequired: true,
    })
    expect(view.pricesShown).toBe(shop.config.showPricesPublicly)
    expect(view.hasChanges).toBe(false)
    if (view.pricesShown) {
      expect(view.lines[0]?.lineGrossCents).toBe(flower.grossCents * 5)
      expect(view.totals?.grossCents).toBeGreaterThan(0)
    }
    // The logged-in customer always sees prices.
    const user = userOwner()
    await addToCart(db(), shop, user, { listingId: flower.id, quantity: 1 }, '::1')
    const userView = await getCart(db(), shop, user)
    expect(userView.pricesShown).toBe(true)
    expect(userView.lines[0]?.unitGrossCents).toBe(flower.grossCents)
    expect(userView.totals?.grossCents).toBe(flower.grossCents)
  })

  it('prices hidden from visitors stay hidden in a guest cart', async () => {
    const flower = takeListing()
    const hiding = { ...shop, config: { ...shop.config, showPricesPublicly: false } }
    const guest = await guestWith(flower.id, 1)
    await setListing(flower.id, { priceCents: flower.priceCents + 100 })
    const view = await getCart(db(), hiding, guest)
    expect(view.pricesShown).toBe(false)
    expect(view.totals).toBeNull()
    expect(view.lines[0]).toMatchObject({
      unitGrossCents: null,
      lineGrossCents: null,
      previousUnitGrossCents: null,
    })
    expect(view.hasChanges).toBe(false)
    expect(JSON.stringify(view)).not.toContain(String(flower.grossCents))
  })

  it('quantities follow the listing: whole numbers, step, minimum, maximum and what is available', async () => {
    const flower = takeListing()
    await setListing(flower.id, { orderStep: 5, minOrderQuantity: 10, maxOrderQuantity: 20 })
    const user = userOwner()
    const add = (quantity: unknown) =>
      addToCart(db(), shop, user, { listingId: flower.id, quantity }, '::1')
    for (const quantity of [0, -5, 2.5, '10', null]) {
      await expect(add(quantity)).rejects.toBeInstanceOf(InvalidError)
    }
    await expect(add(12)).rejects.toThrow('Bitte in Schritten von 5.')
    await expect(add(5)).rejects.toThrow('Mindestens 10 je Bestellung.')
    await expect(add(25)).rejects.toThrow('Höchstens 20 je Bestellung.')
    expect(await cartRows()).toHaveLength(0)
    await add(15)
    await expect(add(10)).rejects.toThrow(
      'Höchstens 20 je Bestellung. Im Warenkorb liegen bereits 15\u00a0g.',
    )
    await add(5)
    const [line] = (await getCart(db(), shop, user)).lines
    expect(line?.quantity).toBe(20)

    // The stepper's changes: within the rules; fewer is always fine.
    await expect(
      updateCartItem(db(), shop, user, { itemId: line?.id, quantity: 12 }),
    ).rejects.toBeInstanceOf(InvalidError)
    const lowered = await updateCartItem(db(), shop, user, { itemId: line?.id, quantity: 10 })
    expect(lowered.lines[0]?.quantity).toBe(10)

    // More than is available: 409, naming what can be had.
    await setListing(flower.id, { orderStep: 1, minOrderQuantity: null, maxOrderQuantity: null })
    await holdAllBut(flower, 12)
    await expect(add(3)).rejects.toThrow('Nur noch 12\u00a0g verfügbar.')
    await expect(add(3)).rejects.toBeInstanceOf(ConflictError)
    await add(2)
    expect((await getCart(db(), shop, user)).lines[0]?.quantity).toBe(12)
  })

  it('archived, invisible and other shops’ products cannot be added, and nothing is written', async () => {
    const archived = takeListing()
    const invisible = takeListing()
    await setListing(archived.id, { archivedAt: new Date() })
    await setListing(invisible.id, { visibleInShop: false })
    const [foreign] = await db()
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .where(ne(organisationProducts.organisationId, shop.organisationId))
      .limit(1)
    const [accessory] = await db()
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(
        and(
          eq(organisationProducts.organisationId, shop.organisationId),
          inArray(products.category, ['accessory', 'dronabinol', 'cbd_solution']),
          isNull(organisationProducts.archivedAt),
        ),
      )
      .limit(1)
    const refused = [archived.id, invisible.id, foreign?.id, accessory?.id, 'no-id', '']
    for (const listingId of refused.filter((id) => id !== undefined)) {
      for (const cartOwner of [{ guestToken: null }, userOwner()]) {
        await expect(
          addToCart(db(), shop, cartOwner, { listingId, quantity: 1 }, freshAddress()),
        ).rejects.toBeInstanceOf(NotFoundError)
      }
    }
    expect(await cartRows()).toHaveLength(0)
    expect(await db().select().from(cartItems)).toHaveLength(0)
  })

  it('only the cart’s owner changes it; business users and other shops’ customers have no cart here', async () => {
    const flower = takeListing()
    const guest = await guestWith(flower.id, 1)
    const [line] = (await getCart(db(), shop, guest)).lines
    const stranger: CartOwner = { guestToken: 'not-the-token' }
    await expect(
      updateCartItem(db(), shop, stranger, { itemId: line?.id, quantity: 2 }),
    ).rejects.toBeInstanceOf(NotFoundError)
    await expect(
      removeCartItem(db(), shop, userOwner(), { itemId: line?.id }),
    ).rejects.toBeInstanceOf(NotFoundError)
    expect((await getCart(db(), shop, stranger)).lines).toHaveLength(0)

    expect(() => cartOwnerOf(shop, owner, null)).toThrow(ForbiddenError)
    const otherShop = { ...shop, id: crypto.randomUUID() }
    expect(() => cartOwnerOf(otherShop, customer, null)).toThrow(ForbiddenError)
    expect(cartOwnerOf(shop, customer, 'ignored')).toEqual({ shopUserId: customer.user.id })
    expect(cartOwnerOf(shop, visitorActor(), 'token')).toEqual({ guestToken: 'token' })

    const removed = await removeCartItem(db(), shop, guest, { itemId: line?.id })
    expect(removed.lines).toHaveLength(0)
  })

  it('a changed price is named on every view and accepted in one step', async () => {
    const flower = takeListing()
    const user = userOwner()
    await addToCart(db(), shop, user, { listingId: flower.id, quantity: 2 }, '::1')
    await setListing(flower.id, { priceCents: flower.priceCents + 500 })
    const [now] = (await shopListingFacts(db(), shop, [flower.id])).values()
    const view = await getCart(db(), shop, user)
    expect(view.hasChanges).toBe(true)
    expect(view.lines[0]).toMatchObject({
      unitGrossCents: now?.grossCents,
      previousUnitGrossCents: flower.grossCents,
      lineGrossCents: (now?.grossCents ?? 0) * 2,
    })
    const accepted = await acceptCartChanges(db(), shop, user)
    expect(accepted.hasChanges).toBe(false)
    expect(accepted.lines[0]).toMatchObject({ previousUnitGrossCents: null, quantity: 2 })
    const [row] = await db().select().from(cartItems)
    expect(row?.addedUnitGrossCents).toBe(now?.grossCents)
  })

  it('reduced availability lowers the line, none removes it; one step corrects both', async () => {
    const scarce = takeListing()
    const gone = takeListing()
    const hidden = takeListing()
    const kept = takeListing()
    const user = userOwner()
    for (const listing of [scarce, gone, hidden, kept]) {
      await addToCart(db(), shop, user, { listingId: listing.id, quantity: 5 }, '::1')
    }
    await holdAllBut(scarce, 3)
    await holdAllBut(gone, 0)
    await setListing(hidden.id, { visibleInShop: false })
    const view = await getCart(db(), shop, user)
    const byListing = new Map(view.lines.map((line) => [line.listingId, line]))
    expect(byListing.get(scarce.id)).toMatchObject({ unavailable: false, availableUnits: 3 })
    expect(byListing.get(gone.id)).toMatchObject({ unavailable: true, availableUnits: null })
    expect(byListing.get(hidden.id)).toMatchObject({ unavailable: true })
    expect(byListing.get(kept.id)).toMatchObject({ unavailable: false, availableUnits: null })
    expect(view.hasChanges).toBe(true)
    // The totals count what can be ordered.
    expect(view.totals?.grossCents).toBe(
      orderTotals(
        [scarce, kept].map((listing) => ({
          ...listing,
          unitPriceCents: listing.priceCents,
          quantity: 5,
        })),
        'gross',
      ).grossCents,
    )

    const accepted = await acceptCartChanges(db(), shop, user)
    expect(accepted.hasChanges).toBe(false)
    expect(accepted.lines.map((line) => [line.listingId, line.quantity])).toEqual([
      [scarce.id, 3],
      [kept.id, 5],
    ])
    expect(await cartCount(db(), shop, user)).toEqual({ lines: 2 })
  })

  it(`holds at most ${cartLineLimit} lines`, async () => {
    const flower = takeListing()
    const user = userOwner()
    await addToCart(db(), shop, user, { listingId: flower.id, quantity: 1 }, '::1')
    const next = takeListing()
    const [cart] = await cartRows()
    const fillers = await db()
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .where(notInArray(organisationProducts.id, [flower.id, next.id]))
      .limit(cartLineLimit)
    expect(fillers).toHaveLength(cartLineLimit)
    await db()
      .insert(cartItems)
      .values(
        fillers.slice(0, cartLineLimit - 1).map((listing) => ({
          cartId: cart?.id as string,
          organisationProductId: listing.id,
          quantity: 1,
          addedUnitGrossCents: 100,
        })),
      )
    await expect(
      addToCart(db(), shop, user, { listingId: next.id, quantity: 1 }, '::1'),
    ).rejects.toThrow(ConflictError)
    // More of a product already in the cart is no new line.
    await addToCart(db(), shop, user, { listingId: flower.id, quantity: 1 }, '::1')
    expect(await cartCount(db(), shop, user)).toEqual({ lines: cartLineLimit })
  })

  it(`${burst} parallel additions of one product to one cart end in one line within the maximum`, async () => {
    const flower = takeListing()
    await setListing(flower.id, { maxOrderQuantity: 20 })
    for (const cartOwner of [userOwner(), await guestWith(flower.id, 1)]) {
      const results = await settled(
        Array.from({ length: burst }, () =>
          addToCart(db(), shop, cartOwner, { listingId: flower.id, quantity: 1 }, '::1'),
        ),
      )
      const view = await getCart(db(), shop, cartOwner)
      expect(view.lines).toHaveLength(1)
      expect(view.lines[0]?.quantity).toBe(20)
      const succeeded = results.filter((result) => result.status === 'fulfilled').length
      expect(succeeded + rejectedWith(results, InvalidError)).toBe(burst)
    }
    expect(await cartRows()).toHaveLength(2)
  })

  it(`a client address opens at most ${guestCartsPerAddressPerHour} guest carts an hour, also in parallel`, async () => {
    const flower = takeListing()
    const address = freshAddress()
    const results = await settled(
      Array.from({ length: burst }, () =>
        addToCart(db(), shop, { guestToken: null }, { listingId: flower.id, quantity: 1 }, address),
      ),
    )
    const refused = results.filter(
      (result) => result.status === 'rejected' && (result.reason as DomainError).status === 429,
    )
    expect(refused).toHaveLength(burst - guestCartsPerAddressPerHour)
    expect(await cartRows()).toHaveLength(guestCartsPerAddressPerHour)
  })

  it('a login merges the guest cart: quantities added within the maximum, one line per product', async () => {
    const both = takeListing()
    const onlyGuest = takeListing()
    const onlyUser = takeListing()
    await setListing(both.id, { orderStep: 2, maxOrderQuantity: 9 })
    const user = userOwner()
    await addToCart(db(), shop, user, { listingId: both.id, quantity: 6 }, '::1')
    await addToCart(db(), shop, user, { listingId: onlyUser.id, quantity: 1 }, '::1')
    const guest = await guestWith(both.id, 4)
    await addToCart(db(), shop, guest, { listingId: onlyGuest.id, quantity: 3 }, '::1')

    const token = (guest as { guestToken: string }).guestToken
    expect(await mergeGuestCart(db(), shop, customer.user.id, token)).toBe(true)
    const view = await getCart(db(), shop, user)
    expect(Object.fromEntries(view.lines.map((line) => [line.listingId, line.quantity]))).toEqual({
      [both.id]: 8,
      [onlyUser.id]: 1,
      [onlyGuest.id]: 3,
    })
    const rows = await cartRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.shopUserId).toBe(customer.user.id)
    // A second login with the old cookie finds nothing to merge.
    expect(await mergeGuestCart(db(), shop, customer.user.id, token)).toBe(false)
  })

  it('two parallel logins merge the guest cart once, into a cart created once', async () => {
    const flower = takeListing()
    const guest = await guestWith(flower.id, 2)
    const token = (guest as { guestToken: string }).guestToken
    const results = await Promise.all(
      Array.from({ length: 2 }, () => mergeGuestCart(db(), shop, customer.user.id, token)),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const rows = await cartRows()
    expect(rows).toHaveLength(1)
    const view = await getCart(db(), shop, userOwner())
    expect(view.lines.map((line) => line.quantity)).toEqual([2])
  })

  it('the checkout reads the user’s cart and empties it', async () => {
    const flower = takeListing()
    expect(await db().transaction((tx) => cartOfShopUser(tx, shop.id, customer.user.id))).toBe(null)
    await addToCart(db(), shop, userOwner(), { listingId: flower.id, quantity: 1 }, '::1')
    await db().transaction(async (tx) => {
      const cart = await cartOfShopUser(tx, shop.id, customer.user.id)
      expect(cart?.shopUserId).toBe(customer.user.id)
      expect(await cartOfShopUser(tx, crypto.randomUUID(), customer.user.id)).toBeNull()
      await emptyCart(tx, cart?.id as string)
    })
    expect(await cartCount(db(), shop, userOwner())).toEqual({ lines: 0 })
    expect(await cartRows()).toHaveLength(1)
  })

  it('the purge deletes guest carts untouched for 30 days and keeps the rest', async () => {
    const flower = takeListing()
    const stale = await guestWith(flower.id, 1)
    const fresh = await guestWith(flower.id, 1)
    await addToCart(db(), shop, userOwner(), { listingId: flower.id, quantity: 1 }, '::1')
    await db().update(carts).set({ updatedAt: sql`now() - interval '31 days'` }).where(sql`true`)
    await addToCart(db(), shop, fresh, { listingId: flower.id, quantity: 1 }, '::1')
    const results = await Promise.all([purgeStaleGuestCarts(db()), purgeStaleGuestCarts(db())])
    expect(results[0] + results[1]).toBe(1)
    expect(await cartCount(db(), shop, stale)).toEqual({ lines: 0 })
    expect(await cartCount(db(), shop, fresh)).toEqual({ lines: 1 })
    expect(await cartCount(db(), shop, userOwner())).toEqual({ lines: 1 })
    expect(await purgeStaleGuestCarts(db())).toBe(0)
  })
})
