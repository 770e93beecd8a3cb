import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxShopAddresses } from '~/lib/shop-addresses'
import type { ShopActor } from '~/server/actor.server'
import { demoIds } from '~/server/db/seed.server'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import { shopAddresses } from '~/server/shop-accounts/shop-accounts.schema'
import {
  createShopAddress,
  deleteShopAddress,
  listShopAddresses,
  setDefaultShopAddress,
  updateShopAddress,
} from '~/server/shop-accounts/shop-addresses.server'
import { resolveTenant, type Tenant } from '~/server/tenants.server'
import { businessActorOf, newShopCustomer } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const appDomain = 'blattwerk.localhost'
const burst = 50

describe.each(testDatabaseKinds)('shop address book on %s', (kind) => {
  let database: TestDatabase
  let shop: Tenant
  const db = () => database.handle.db
  let counter = 0

  async function newCustomer(): Promise<ShopActor> {
    const n = ++counter
    return newShopCustomer(db(), shop, {
      email: `adressen.${n}@example.org`,
      name: `Anna Adresse${n}`,
    })
  }
  const input = (fields: Record<string, unknown> = {}) => ({
    name: 'Anna Adresse',
    street: 'Weserstraße 5',
    postalCode: '12045',
    city: 'Berlin',
    ...fields,
  })
  const defaults = async (customer: ShopActor) => {
    const list = await listShopAddresses(customer, db())
    return {
      billing: list.filter((address) => address.defaultBilling).map((address) => address.id),
      shipping: list.filter((address) => address.defaultShipping).map((address) => address.id),
    }
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    shop = (await resolveTenant(db(), `sonnen-apotheke.${appDomain}`, appDomain)) as Tenant
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('creates, lists, edits and deletes; the first address becomes both defaults', async () => {
    const customer = await newCustomer()
    const first = await createShopAddress(customer, input({ addition: 'c/o Meier' }), db())
    expect(first).toMatchObject({
      name: 'Anna Adresse',
      addition: 'c/o Meier',
      country: 'DE',
      defaultBilling: true,
      defaultShipping: true,
    })
    const second = await createShopAddress(
      customer,
      input({ street: 'Hermannstraße 1', defaultShipping: true }),
      db(),
    )
    expect(await defaults(customer)).toEqual({ billing: [first.id], shipping: [second.id] })
    const edited = await updateShopAddress(
      customer,
      second.id,
      input({
        street: 'Hermannstraße 2',
        postalCode: '12049',
        defaultShipping: true,
        defaultBilling: true,
      }),
      db(),
    )
    expect(edited).toMatchObject({ street: 'Hermannstraße 2', postalCode: '12049' })
    expect(await defaults(customer)).toEqual({ billing: [second.id], shipping: [second.id] })
    await deleteShopAddress(customer, second.id, db())
    expect((await listShopAddresses(customer, db())).map((address) => address.id)).toEqual([
      first.id,
    ])
  })

  it('checks the input: German postal code, required fields; 400 writes nothing', async () => {
    const customer = await newCustomer()
    await expect(
      createShopAddress(customer, input({ postalCode: '1234' }), db()),
    ).rejects.toMatchObject({
      extra: { errors: { postalCode: 'Die Postleitzahl hat fünf Ziffern.' } },
    })
    await expect(createShopAddress(customer, input({ street: ' ' }), db())).rejects.toBeInstanceOf(
      InvalidError,
    )
    expect(await listShopAddresses(customer, db())).toEqual([])
  })

  it('keeps every account to its own addresses and refuses business users', async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    const address = await createShopAddress(owner, input(), db())
    expect(await listShopAddresses(other, db())).toEqual([])
    await expect(updateShopAddress(other, address.id, input(), db())).rejects.toBeInstanceOf(
      NotFoundError,
    )
    await expect(deleteShopAddress(other, address.id, db())).rejects.toBeInstanceOf(NotFoundError)
    await expect(
      setDefaultShopAddress(other, { id: address.id, kind: 'billing' }, db()),
    ).rejects.toBeInstanceOf(NotFoundError)
    const business = await businessActorOf(db(), demoIds.userPharmacyOwner)
    await expect(listShopAddresses(business, db())).rejects.toBeInstanceOf(ForbiddenError)
    await expect(createShopAddress(business, input(), db())).rejects.toBeInstanceOf(ForbiddenError)
    expect(await listShopAddresses(owner, db())).toHaveLength(1)
  })

  it(`keeps at most ${maxShopAddresses} addresses, also under ${burst} parallel requests`, async () => {
    const customer = await newCustomer()
    const results = await Promise.allSettled(
      Array.from({ length: burst }, (_, index) =>
        createShopAddress(customer, input({ street: `Weg ${index + 1}` }), db()),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(maxShopAddresses)
    const refused = results.filter((result) => result.status === 'rejected')
    expect(refused).toHaveLength(burst - maxShopAddresses)
    expect(refused.every((result) => result.reason instanceof ConflictError)).toBe(true)
    const rows = await db()
      .select({ id: shopAddresses.id })
      .from(shopAddresses)
      .where(eq(shopAddresses.shopUserId, customer.user.id))
    expect(rows).toHaveLength(maxShopAddresses)
    expect(await defaults(customer)).toMatchObject({
      billing: [expect.any(String)],
      shipping: [expect.any(String)],
    })
  })

  it(`${burst} parallel "make default" end with exactly one default of each kind`, async () => {
    const customer = await newCustomer()
    const created: { id: string }[] = []
    for (let index = 0; index < 10; index++) {
      created.push(await createShopAddress(customer, input({ street: `Allee ${index + 1}` }), db()))
    }
    const results = await Promise.allSettled(
      Array.from({ length: burst }, (_, index) =>
        setDefaultShopAddress(
          customer,
          {
            id: created[index % created.length]?.id,
            kind: index % 2 === 0 ? 'billing' : 'shipping',
          },
          db(),
        ),
      ),
    )
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true)
    const after = await defaults(customer)
    expect(after.billing).toHaveLength(1)
    expect(after.shipping).toHaveLength(1)
  })
})
