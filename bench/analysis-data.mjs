// The data the analysis and dashboard benchmarks share: the demo data with its generated year,
// plus a pharmacy with 500 products, 420 customers and a year of history from the demo's own
// generator at 60 orders a working day (about 17,000 completed orders), and a club at the legal
// maximum of 500 members with 30 varieties and its year of hand-outs. Each product holds one
// current batch beside the history's emptied ones. Import after `register()` of tsx: the
// generator and the schema are TypeScript.
import { prng } from './list-bench.mjs'

const schema = await import('../src/server/db/schema.ts')
const { seedDemoData } = await import('../src/server/db/seed.server.ts')
const { generateHandoutHistory, generateSalesHistory, historyWindow } = await import(
  '../src/server/db/seed-history.server.ts'
)
const { addCalendarDays, berlinIsoDate } = await import('../src/lib/format.ts')
const { sql } = await import('drizzle-orm')

const uuid = (prefix, serial) => `00000000-0000-4000-${prefix}-${String(serial).padStart(12, '0')}`

export const benchIds = {
  pharmacy: uuid('b000', 1),
  pharmacyOwner: uuid('b000', 2),
  pharmacyStaff: uuid('b000', 3),
  tenant: uuid('b000', 4),
  club: uuid('b000', 5),
  clubOwner: uuid('b000', 6),
}

export const productCount = 500
const customerCount = 420
const varietyCount = 30
const memberCount = 500
export const ordersPerDay = 60

const cultivars = ['Kush', 'Haze', 'Diesel', 'Cake', 'Dream', 'Skunk', 'Cookies', 'Gelato']
const places = ['Nord', 'Süd', 'Wald', 'Berg', 'Tal', 'Grün', 'Fluss', 'Stern', 'Moos', 'Eiche']
const firstNames = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida']
const lastNames = ['Becker', 'Fischer', 'Hoffmann', 'Koch', 'Lange', 'Meyer', 'Schulz', 'Wolf']

async function insertAll(db, table, rows) {
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(table).values(rows.slice(start, start + 1000))
  }
}

/** Products with one listing each; a current batch (received 10–40 days ago) for most. */
async function fillProducts(db, random, { organisationId, ownerId, count, offset, club }) {
  const pick = (list) => list[Math.floor(random() * list.length)]
  const today = berlinIsoDate()
  const productRows = []
  const listingRows = []
  const batchRows = []
  const movementRows = []
  for (let index = 0; index < count; index++) {
    const flower = club || random() < 0.7
    const category = flower
      ? 'flower'
      : pick(['extract', 'cbd_solution', 'dronabinol', 'accessory'])
    const byGram = club || (flower && random() < 0.6)
    const productId = uuid('c000', offset + index)
    const listingId = uuid('d000', offset + index)
    const thc = flower
      ? Math.round((club ? 6 + random() * 16 : 12 + random() * 18) * 10) / 10
      : null
    productRows.push({
      id: productId,
      organisationId,
      name: `${pick(places)}${pick(places).toLowerCase()} ${pick(cultivars)} ${index}`,
      manufacturer: club ? 'Eigenanbau' : `Hersteller ${index % 40}`,
      category,
      packBaseUnits: flower ? 10_000 : 30,
      packUnit: flower ? 'g' : 'piece',
      thcContent: thc,
      cbdContent: flower ? Math.round(random() * 10) / 10 : null,
      cannabinoidUnit: flower ? 'percent' : null,
    })
    const perUnit = byGram ? 1000 : flower ? 10_000 : 30
    listingRows.push({
      id: listingId,
      organisationId,
      productId,
      salesUnit: byGram ? 'gram' : 'pack',
      baseUnitsPerSalesUnit: perUnit,
      priceCents: byGram ? 700 + Math.floor(random() * 900) : 2000 + Math.floor(random() * 20_000),
      lowStockThreshold: random() < 0.5 ? 20 : null,
      productRevisionSeen: 1,
    })
    if (random() < 0.05) continue
    const batchId = uuid('e000', offset + index)
    const quantity =
      perUnit * (byGram ? 200 + Math.floor(random() * 800) : 5 + Math.floor(random() * 40))
    const receivedAt = new Date(Date.now() - (10 + Math.floor(random() * 30)) * 86_400_000)
    batchRows.push({
      id: batchId,
      organisationId,
      organisationProductId: listingId,
      origin: club ? 'harvest' : 'purchase',
      batchNumber: `${club ? 'ER' : 'B'}-NOW-${index}`,
      expiryDate: club ? null : addCalendarDays(today, 120 + Math.floor(random() * 400)),
      harvestDate: club ? berlinIsoDate(receivedAt) : null,
      thcContent: thc,
      status: 'released',
      releasedAt: receivedAt,
      releasedBy: ownerId,
      balance: quantity,
      createdBy: ownerId,
      createdAt: receivedAt,
    })
    movementRows.push({
      organisationId,
      batchId,
      kind: 'receipt',
      quantity,
      balanceAfter: quantity,
      actorKind: 'business_user',
      actorId: ownerId,
      createdAt: receivedAt,
    })
  }
  await insertAll(db, schema.products, productRows)
  await insertAll(db, schema.organisationProducts, listingRows)
  await insertAll(db, schema.batches, batchRows)
  await insertAll(db, schema.stockMovements, movementRows)
}

/** Fills `db` (migrated, empty) and answers the row counts of the two organisations. */
export async function fillAnalysisData(db) {
  const random = prng(47)
  const pick = (list) => list[Math.floor(random() * list.length)]
  await seedDemoData(db)
  const { pharmacy, pharmacyOwner, pharmacyStaff, tenant, club, clubOwner } = benchIds
  await db.insert(schema.organisations).values([
    { id: pharmacy, name: 'Bench-Apotheke', category: 'pharmacy', city: 'Berlin' },
    { id: club, name: 'Bench-Verein e.V.', category: 'club', city: 'Leipzig' },
  ])
  await db.insert(schema.users).values(
    [
      [pharmacyOwner, pharmacy, 'owner'],
      [pharmacyStaff, pharmacy, 'staff'],
      [clubOwner, club, 'owner'],
    ].map(([id, organisationId, role], index) => ({
      id,
      organisationId,
      username: `bench-${index}`,
      email: `bench-${index}@example.com`,
      name: `Bench ${index}`,
      role,
      passwordHash: 'not-used',
    })),
  )
  await db
    .insert(schema.tenants)
    .values({ id: tenant, slug: 'bench-apotheke', organisationId: pharmacy, config: null })
  await fillProducts(db, random, {
    organisationId: pharmacy,
    ownerId: pharmacyOwner,
    count: productCount,
    offset: 0,
    club: false,
  })
  await fillProducts(db, random, {
    organisationId: club,
    ownerId: clubOwner,
    count: varietyCount,
    offset: productCount,
    club: true,
  })
  const person = (index) => ({
    firstName: pick(firstNames),
    lastName: `${pick(lastNames)} ${index}`,
  })
  await insertAll(
    db,
    schema.customers,
    Array.from({ length: customerCount }, (_, index) => {
      const business = index >= customerCount - 20
      const payer = pick(['statutory', 'statutory', 'statutory', 'private', 'self_pay'])
      return {
        id: uuid('f000', index),
        organisationId: pharmacy,
        number: `KD-${String(index + 1).padStart(5, '0')}`,
        kind: business ? 'business' : 'patient',
        ...(business ? { companyName: `Praxis ${index}` } : person(index)),
        street: `Teststraße ${index}`,
        postalCode: '10115',
        city: 'Berlin',
        payerKind: business ? null : payer,
        insurerName: business || payer === 'self_pay' ? null : 'Testkasse',
        insuranceNumber: business || payer !== 'statutory' ? null : `T${100_000_000 + index}`,
      }
    }),
  )
  const today = berlinIsoDate()
  await insertAll(
    db,
    schema.customers,
    Array.from({ length: memberCount }, (_, index) => {
      const joinedOn = addCalendarDays(today, -(30 + Math.floor(random() * 700)))
      const age = index % 25 === 0 ? 19 : 22 + Math.floor(random() * 45)
      return {
        id: uuid('f100', index),
        organisationId: club,
        number: `KD-${String(index + 1).padStart(5, '0')}`,
        kind: 'member',
        ...person(index),
        birthDate: addCalendarDays(today, -(age * 365 + Math.floor(random() * 300))),
        membershipNumber: `BV-${String(index + 1).padStart(3, '0')}`,
        joinedOn,
        idCheckedOn: joinedOn,
      }
    }),
  )
  const window = historyWindow()
  const sales = await db.transaction((tx) =>
    generateSalesHistory(tx, {
      organisationId: pharmacy,
      userIds: [pharmacyOwner, pharmacyStaff],
      tenantId: tenant,
      ordersPerDay,
      fromDay: window.fromDay,
      toDay: window.salesToDay,
      certificateFileId: null,
      supplierId: null,
      testNumberPrefix: 'PR',
    }),
  )
  const handouts = await db.transaction((tx) =>
    generateHandoutHistory(tx, {
      organisationId: club,
      userId: clubOwner,
      fromDay: window.fromDay,
      toDay: window.handoutsToDay,
      certificateFileId: null,
    }),
  )
  await db.execute(sql`vacuum analyze`)
  return { sales, handouts }
}
