import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopFinderSearch } from '~/lib/shop-finder'
import type { TenantConfig } from '~/lib/tenant-config'
import { organisations, tenants } from '~/server/db/schema'
import { demoTenantConfigs } from '~/server/db/seed-tenants.server'
import { findShops } from '~/server/shop/shop-finder.server'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const where = { PUBLIC_SCHEME: 'https', APP_DOMAIN: 'blattwerk.de', PORT: 3000 } as const
const sonnen = demoTenantConfigs.sonnenApotheke
const methodOf = <Kind extends TenantConfig['deliveryMethods'][number]['kind']>(kind: Kind) => {
  const method = sonnen.deliveryMethods.find((candidate) => candidate.kind === kind)
  if (!method) throw new Error(`Sonnen-Apotheke has no ${kind}`)
  return method
}

describe.each(testDatabaseKinds)('shop finder on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db
  const find = (q: string) => findShops(db(), shopFinderSearch.parse({ q } as never), where)
  const ranked = async (q: string) =>
    (await find(q)).items.map(({ name, reach }) => `${name}: ${reach ?? 'Name'}`)

  /** A pharmacy shop at `postalCode` offering only these delivery methods (pickup there). */
  const addShop = async (name: string, postalCode: string, kinds: ('pickup' | 'shipping')[]) => {
    const methods = kinds.map((kind) =>
      kind === 'pickup' ? { ...methodOf('pickup'), postalCode } : methodOf(kind),
    )
    const id = randomUUID()
    await db()
      .insert(organisations)
      .values({ id, name, category: 'pharmacy', city: 'Berlin', postalCode })
    await db()
      .insert(tenants)
      .values({
        slug: name.toLowerCase().replaceAll(' ', '-'),
        organisationId: id,
        config: { ...sonnen, shopName: name, deliveryMethods: methods },
      })
  }

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('lists the shop whose courier serves the postcode first, with its distance', async () => {
    const result = await find('12043')
    expect(result.problem).toBeNull()
    expect(result.place).toBe('12043 Berlin')
    // Apotheke am Markt's courier serves Potsdam only, and it neither has a counter nor ships.
    expect(result.items).toEqual([
      expect.objectContaining({ name: 'Sonnen-Apotheke', reach: 'courier' }),
    ])
    expect(result.items[0]?.distanceKm).toBeLessThan(2)
  })

  it('ranks a postcode outside every courier area by the distance to the counter', async () => {
    const result = await find('10115')
    expect(result.items).toEqual([
      expect.objectContaining({ name: 'Sonnen-Apotheke', reach: 'pickup' }),
    ])
    // Mitte to Neukölln: about 6 km between the postcodes' centres.
    expect(result.items[0]?.distanceKm).toBeGreaterThan(4)
    expect(result.items[0]?.distanceKm).toBeLessThan(8)
    // "10115 Berlin" is read as its postcode.
    expect(await ranked('10115 Berlin')).toEqual(['Sonnen-Apotheke: pickup'])
  })

  it('ranks around a town by its name, courier before pickup', async () => {
    expect(await ranked('Potsdam')).toEqual([
      'Apotheke am Markt: courier',
      'Sonnen-Apotheke: pickup',
    ])
    expect((await find('potsdam')).place).toBe('Potsdam')
    // Far from Berlin, pickup is no way to reach the town; Sonnen-Apotheke ships.
    expect(await ranked('München')).toEqual(['Sonnen-Apotheke: shipping'])
  })

  it('finds shops by name, before the shops around a place of that name', async () => {
    const byName = await find('apotheke am')
    expect(byName.place).toBeNull()
    expect(byName.items).toEqual([
      expect.objectContaining({ name: 'Apotheke am Markt', reach: null, distanceKm: null }),
    ])
    // Sonnen is a village in Bavaria too: the shop of that name comes first.
    expect((await find('sonnen')).items[0]?.name).toBe('Sonnen-Apotheke')
  })

  it('orders courier, then pickup nearest first, then mail order', async () => {
    await addShop('Spree-Apotheke', '10117', ['pickup'])
    await addShop('Havel-Apotheke', '14467', ['pickup', 'shipping'])
    await addShop('Versand-Apotheke', '20095', ['shipping'])
    await addShop('Rhein-Apotheke', '50667', ['pickup'])

    expect(await ranked('12043')).toEqual([
      'Sonnen-Apotheke: courier',
      'Spree-Apotheke: pickup',
      'Havel-Apotheke: pickup',
      'Versand-Apotheke: shipping',
    ])
    expect(await ranked('10115')).toEqual([
      'Spree-Apotheke: pickup',
      'Sonnen-Apotheke: pickup',
      'Havel-Apotheke: pickup',
      'Versand-Apotheke: shipping',
    ])
    // Without a place, every shop by name; a name that is no place finds that shop only.
    expect((await find('')).items.map((shop) => shop.name)).toEqual([
      'Apotheke am Markt',
      'Havel-Apotheke',
      'Rhein-Apotheke',
      'Sonnen-Apotheke',
      'Spree-Apotheke',
      'Versand-Apotheke',
    ])
    expect(await ranked('Rhein-Apo')).toEqual(['Rhein-Apotheke: Name'])
  })

  it('answers a search it cannot read with a German message and no shops', async () => {
    const problem = async (q: string) => {
      const result = await find(q)
      expect(result.items).toEqual([])
      return result.problem
    }
    expect(await problem('1234')).toBe(
      'Bitte geben Sie die Postleitzahl mit fünf Ziffern ein, z. B. 10115.',
    )
    expect(await problem('00000')).toBe(
      'Die Postleitzahl 00000 kennen wir nicht. Bitte prüfen Sie die Eingabe.',
    )
    expect(await problem('%')).toBe(
      'Bitte geben Sie einen Namen, eine Stadt oder eine Postleitzahl ein.',
    )
    // A bulk recipient's postcode (a bank's) has no place anybody lives in.
    expect(await problem('01053')).toMatch(/kennen wir nicht/)
  })
})
