import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Analysis, AnalysisChart, AnalysisChartKey, AnalysisRows } from '~/lib/analysis'
import type { AnalysisSearch } from '~/lib/analysis-search'
import { handoutInformationTemplate } from '~/lib/handouts'
import { productOptionLabel } from '~/lib/products'
import { type Actor, visitorActor } from '~/server/actor.server'
import {
  analysisChartCsv,
  getAnalysis,
  searchAnalysisProducts,
} from '~/server/analysis/analysis.server'
import { customerOrderItems, customerOrders } from '~/server/customer-orders/customer-orders.schema'
import { customers } from '~/server/customers/customers.schema'
import { organisations, users } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { handouts } from '~/server/handouts/handouts.schema'
import { organisationProducts, products } from '~/server/products/products.schema'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import { businessActorOf, demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

/**
 * `/analyse` on a small fixture with figures worked out by hand: a pharmacy with a flower sold by
 * the gram and an accessory, a club with two varieties, in January and February 2026 — beside the
 * demo organisations and their generated year, which must not leak in.
 */

const id = (serial: number) => `00000000-0000-4000-a000-${String(serial).padStart(12, '0')}`
const at = (iso: string) => new Date(iso)
/** A day long after the fixture: its batches are unexpired, the period is over. */
const today = '2026-06-30'
const period: AnalysisSearch = { from: '2026-01-01', to: '2026-02-28' }

const fixture = {
  pharmacy: id(1),
  club: id(2),
  pharmacyOwner: id(11),
  pharmacyStaff: id(12),
  clubOwner: id(13),
  flower: id(21),
  accessory: id(22),
  variety: id(23),
  mildVariety: id(24),
  flowerListing: id(31),
  accessoryListing: id(32),
  varietyListing: id(33),
  mildListing: id(34),
  patient: id(41),
  member: id(42),
  youngMember: id(43),
  strongBatch: id(51),
  mildBatch: id(52),
  accessoryBatch: id(53),
  harvest: id(54),
  mildHarvest: id(55),
} as const

const pharmacyUsers = [fixture.pharmacyOwner, fixture.pharmacyStaff] as const

/**
 * A second pharmacy with two products of one name — the same flower in 5 g and 10 g jars, each
 * with its PZN — both sold in April 2026 (issue 35: they must stay two, and say which is which).
 */
const twins = {
  pharmacy: id(61),
  owner: id(62),
  small: id(63),
  large: id(64),
  smallListing: id(65),
  largeListing: id(66),
  smallBatch: id(67),
  largeBatch: id(68),
  patient: id(69),
  order: id(70),
} as const
const april: AnalysisSearch = { from: '2026-04-01', to: '2026-04-30' }

async function insertTwins(db: TestDatabase['handle']['db']) {
  await db.insert(organisations).values({
    id: twins.pharmacy,
    name: 'Zwillings-Apotheke',
    category: 'pharmacy',
  })
  await db.insert(users).values({
    id: twins.owner,
    organisationId: twins.pharmacy,
    username: 'analyse-zwillinge',
    email: 'analyse-zwillinge@example.com',
    name: 'Inhaber',
    role: 'owner',
    passwordHash: 'not-a-login',
  })
  const jar = (productId: string, grams: number, pzn: string) => ({
    id: productId,
    organisationId: twins.pharmacy,
    name: 'Zwillingsblüte',
    manufacturer: 'Test',
    category: 'flower' as const,
    packUnit: 'g' as const,
    packBaseUnits: grams * 1000,
    pzn,
    thcContent: 22,
    cannabinoidUnit: 'percent' as const,
  })
  await db
    .insert(products)
    .values([jar(twins.small, 5, '11111111'), jar(twins.large, 10, '22222222')])
  const listing = (listingId: string, productId: string, grams: number, priceCents: number) => ({
    id: listingId,
    organisationId: twins.pharmacy,
    productId,
    salesUnit: 'pack' as const,
    baseUnitsPerSalesUnit: grams * 1000,
    priceCents,
    productRevisionSeen: 1,
  })
  await db
    .insert(organisationProducts)
    .values([
      listing(twins.smallListing, twins.small, 5, 4000),
      listing(twins.largeListing, twins.large, 10, 7000),
    ])
  await db.insert(customers).values({
    id: twins.patient,
    organisationId: twins.pharmacy,
    number: 'KD-00001',
    kind: 'patient',
    firstName: 'Zora',
    lastName: 'Zwilling',
    payerKind: 'self_pay',
  })
  const batch = (batchId: string, listingId: string, balance: number) => ({
    id: batchId,
    organisationId: twins.pharmacy,
    organisationProductId: listingId,
    origin: 'purchase' as const,
    batchNumber: `Z-${batchId.slice(-2)}`,
    expiryDate: '2028-12-31',
    thcContent: 22,
    cbdContent: 1,
    status: 'released' as const,
    releasedAt: at('2026-04-01T08:00:00Z'),
    balance,
    createdAt: at('2026-04-01T08:00:00Z'),
  })
  // Four small jars in, two sold; two large jars in, one sold.
  await db
    .insert(batches)
    .values([
      batch(twins.smallBatch, twins.smallListing, 10_000),
      batch(twins.largeBatch, twins.largeListing, 10_000),
    ])
  await db.insert(customerOrders).values({
    id: twins.order,
    organisationId: twins.pharmacy,
    number: 'AU-2026-00001',
    customerId: twins.patient,
    channel: 'back_office',
    type: 'order',
    status: 'completed',
    paymentStatus: 'paid',
    tenantId: null,
    priceBasis: 'net',
    netCents: 15_000,
    vatCents: 2850,
    grossCents: 17_850,
    completedAt: at('2026-04-10T10:00:00Z'),
    createdAt: at('2026-04-09T10:00:00Z'),
  })
  await db.insert(customerOrderItems).values(
    (
      [
        [twins.smallListing, twins.small, 5, 2, 4000],
        [twins.largeListing, twins.large, 10, 1, 7000],
      ] as const
    ).map(([listingId, productId, grams, quantity, price], index) => ({
      orderId: twins.order,
      organisationId: twins.pharmacy,
      position: index + 1,
      organisationProductId: listingId,
      productId,
      name: 'Zwillingsblüte',
      salesUnit: 'pack' as const,
      baseUnitsPerSalesUnit: grams * 1000,
      quantity,
      unitPriceCents: price,
      vatRate: '19' as const,
    })),
  )
  const movement = (
    batchId: string,
    kind: 'receipt' | 'sale',
    quantity: number,
    balanceAfter: number,
    when: string,
  ) => ({
    organisationId: twins.pharmacy,
    batchId,
    kind,
    quantity,
    balanceAfter,
    actorKind: 'business_user' as const,
    actorId: twins.owner,
    ...(kind === 'sale' && { sourceType: 'customer_order' as const, sourceId: twins.order }),
    createdAt: at(when),
  })
  await db
    .insert(stockMovements)
    .values([
      movement(twins.smallBatch, 'receipt', 20_000, 20_000, '2026-04-01T08:00:00Z'),
      movement(twins.largeBatch, 'receipt', 20_000, 20_000, '2026-04-01T08:00:00Z'),
      movement(twins.smallBatch, 'sale', -10_000, 10_000, '2026-04-10T10:00:00Z'),
      movement(twins.largeBatch, 'sale', -10_000, 10_000, '2026-04-10T10:00:00Z'),
    ])
}

async function insertFixture(db: TestDatabase['handle']['db']) {
  await db.insert(organisations).values([
    { id: fixture.pharmacy, name: 'Analyse-Apotheke', category: 'pharmacy' },
    { id: fixture.club, name: 'Analyse-Verein e.V.', category: 'club' },
  ])
  await db.insert(users).values([
    ...pharmacyUsers.map((userId, index) => ({
      id: userId,
      organisationId: fixture.pharmacy,
      username: `analyse-${index}`,
      email: `analyse-${index}@example.com`,
      name: index === 0 ? 'Inhaberin' : 'Mitarbeiter',
      role: index === 0 ? ('owner' as const) : ('staff' as const),
      passwordHash: 'not-a-login',
    })),
    {
      id: fixture.clubOwner,
      organisationId: fixture.club,
      username: 'analyse-verein',
      email: 'analyse-verein@example.com',
      name: 'Vorstand',
      role: 'owner' as const,
      passwordHash: 'not-a-login',
    },
  ])
  const flower = { category: 'flower' as const, packUnit: 'g' as const, packBaseUnits: 10_000 }
  await db.insert(products).values([
    {
      id: fixture.flower,
      organisationId: fixture.pharmacy,
      name: 'Testblüte 20',
      manufacturer: 'Test',
      ...flower,
      thcContent: 20,
      cannabinoidUnit: 'percent',
    },
    // A name that starts like a formula: the CSV must not let it run in a spreadsheet.
    {
      id: fixture.accessory,
      organisationId: fixture.pharmacy,
      name: '=Mühle',
      manufacturer: 'Test',
      category: 'accessory',
      packUnit: 'piece',
      packBaseUnits: 1,
    },
    {
      id: fixture.variety,
      organisationId: fixture.club,
      name: 'Starke Sorte',
      manufacturer: 'Verein',
      ...flower,
      thcContent: 15,
      cannabinoidUnit: 'percent',
    },
    {
      id: fixture.mildVariety,
      organisationId: fixture.club,
      name: 'Milde Sorte',
      manufacturer: 'Verein',
      ...flower,
      thcContent: 8,
      cannabinoidUnit: 'percent',
    },
  ])
  const listing = (
    listingId: string,
    organisationId: string,
    productId: string,
    unit: 'gram' | 'pack',
    priceCents: number,
  ) => ({
    id: listingId,
    organisationId,
    productId,
    salesUnit: unit,
    baseUnitsPerSalesUnit: unit === 'gram' ? 1000 : 1,
    priceCents,
    productRevisionSeen: 1,
  })
  await db
    .insert(organisationProducts)
    .values([
      listing(fixture.flowerListing, fixture.pharmacy, fixture.flower, 'gram', 1000),
      listing(fixture.accessoryListing, fixture.pharmacy, fixture.accessory, 'pack', 5000),
      listing(fixture.varietyListing, fixture.club, fixture.variety, 'gram', 0),
      listing(fixture.mildListing, fixture.club, fixture.mildVariety, 'gram', 0),
    ])
  await db.insert(customers).values([
    {
      id: fixture.patient,
      organisationId: fixture.pharmacy,
      number: 'KD-00001',
      kind: 'patient',
      firstName: 'Pia',
      lastName: 'Probe',
      payerKind: 'self_pay',
    },
    {
      id: fixture.member,
      organisationId: fixture.club,
      number: 'KD-00001',
      kind: 'member',
      firstName: 'Max',
      lastName: 'Mitglied',
      birthDate: '1980-01-01',
      joinedOn: '2025-01-01',
      idCheckedOn: '2025-01-01',
    },
    {
      id: fixture.youngMember,
      organisationId: fixture.club,
      number: 'KD-00002',
      kind: 'member',
      firstName: 'Jule',
      lastName: 'Jung',
      birthDate: '2006-01-01',
      joinedOn: '2025-01-01',
      idCheckedOn: '2025-01-01',
    },
  ])
  const batch = (
    batchId: string,
    organisationId: string,
    listingId: string,
    origin: 'purchase' | 'harvest',
    thcContent: number | null,
    balance: number,
    receivedAt: string,
  ) => ({
    id: batchId,
    organisationId,
    organisationProductId: listingId,
    origin,
    batchNumber: `T-${batchId.slice(-2)}`,
    expiryDate: origin === 'purchase' ? '2028-12-31' : null,
    harvestDate: origin === 'harvest' ? receivedAt.slice(0, 10) : null,
    thcContent,
    cbdContent: thcContent === null ? null : 1,
    status: 'released' as const,
    releasedAt: at(receivedAt),
    balance,
    createdAt: at(receivedAt),
  })
  await db
    .insert(batches)
    .values([
      batch(
        fixture.strongBatch,
        fixture.pharmacy,
        fixture.flowerListing,
        'purchase',
        20,
        89_000,
        '2025-12-20T10:00:00Z',
      ),
      batch(
        fixture.mildBatch,
        fixture.pharmacy,
        fixture.flowerListing,
        'purchase',
        10,
        40_000,
        '2026-02-05T10:00:00Z',
      ),
      batch(
        fixture.accessoryBatch,
        fixture.pharmacy,
        fixture.accessoryListing,
        'purchase',
        null,
        7,
        '2026-01-02T10:00:00Z',
      ),
      batch(
        fixture.harvest,
        fixture.club,
        fixture.varietyListing,
        'harvest',
        15,
        90_000,
        '2025-12-01T10:00:00Z',
      ),
      batch(
        fixture.mildHarvest,
        fixture.club,
        fixture.mildListing,
        'harvest',
        8,
        41_000,
        '2026-01-05T10:00:00Z',
      ),
    ])

  // Orders: [number, channel, type, created, completed (null: still open), lines]
  type Line = [listing: string, quantity: number, base: number, price: number, batch: string]
  const flowerLine = (grams: number, batchId: string): Line => [
    fixture.flowerListing,
    grams,
    1000,
    1000,
    batchId,
  ]
  const accessoryLine = (count: number): Line => [
    fixture.accessoryListing,
    count,
    1,
    5000,
    fixture.accessoryBatch,
  ]
  const orders: [
    number,
    'back_office' | 'shop',
    'order' | 'reservation',
    string,
    string | null,
    Line[],
  ][] = [
    [
      1,
      'back_office',
      'order',
      '2026-01-14T09:00:00Z',
      '2026-01-15T10:00:00Z',
      [flowerLine(10, fixture.strongBatch), accessoryLine(1)],
    ],
    // Completed at 00:30 on 1 February in Berlin: February's, though still January in UTC.
    [
      2,
      'back_office',
      'order',
      '2026-01-31T20:00:00Z',
      '2026-01-31T23:30:00Z',
      [flowerLine(1, fixture.strongBatch)],
    ],
    [
      3,
      'shop',
      'reservation',
      '2026-02-09T09:00:00Z',
      '2026-02-10T10:00:00Z',
      [flowerLine(5, fixture.mildBatch)],
    ],
    [4, 'shop', 'order', '2026-02-19T09:00:00Z', '2026-02-20T10:00:00Z', [accessoryLine(2)]],
    [5, 'back_office', 'order', '2026-02-21T09:00:00Z', null, [flowerLine(5, fixture.mildBatch)]],
    [
      6,
      'back_office',
      'order',
      '2026-03-04T09:00:00Z',
      '2026-03-05T10:00:00Z',
      [flowerLine(5, fixture.mildBatch)],
    ],
  ]
  const movements: (typeof stockMovements.$inferInsert)[] = [
    {
      organisationId: fixture.pharmacy,
      batchId: fixture.strongBatch,
      kind: 'receipt',
      quantity: 100_000,
      balanceAfter: 100_000,
      actorKind: 'business_user',
      actorId: fixture.pharmacyOwner,
      createdAt: at('2025-12-20T10:00:00Z'),
    },
    {
      organisationId: fixture.pharmacy,
      batchId: fixture.accessoryBatch,
      kind: 'receipt',
      quantity: 10,
      balanceAfter: 10,
      actorKind: 'business_user',
      actorId: fixture.pharmacyOwner,
      createdAt: at('2026-01-02T10:00:00Z'),
    },
    {
      organisationId: fixture.pharmacy,
      batchId: fixture.mildBatch,
      kind: 'receipt',
      quantity: 50_000,
      balanceAfter: 50_000,
      actorKind: 'business_user',
      actorId: fixture.pharmacyOwner,
      createdAt: at('2026-02-05T10:00:00Z'),
    },
  ]
  const balances = new Map([
    [fixture.strongBatch, 100_000],
    [fixture.mildBatch, 50_000],
    [fixture.accessoryBatch, 10],
  ])
  for (const [serial, channel, type, created, completed, lines] of orders) {
    const orderId = id(100 + serial)
    const net = lines.reduce((sum, [, quantity, , price]) => sum + quantity * price, 0)
    const vat = Math.floor((net * 19 + 50) / 100)
    await db.insert(customerOrders).values({
      id: orderId,
      organisationId: fixture.pharmacy,
      number: `AU-2026-${String(serial).padStart(5, '0')}`,
      customerId: fixture.patient,
      channel,
      type,
      status: completed ? 'completed' : 'new',
      paymentStatus: completed ? 'paid' : 'unpaid',
      tenantId: null,
      priceBasis: 'net',
      netCents: net,
      vatCents: vat,
      grossCents: net + vat,
      completedAt: completed ? at(completed) : null,
      createdAt: at(created),
    })
    await db.insert(customerOrderItems).values(
      lines.map(([listingId, quantity, base, price], index) => ({
        orderId,
        organisationId: fixture.pharmacy,
        position: index + 1,
        organisationProductId: listingId,
        productId: listingId === fixture.flowerListing ? fixture.flower : fixture.accessory,
        name: listingId === fixture.flowerListing ? 'Testblüte 20' : '=Mühle',
        salesUnit: base === 1000 ? ('gram' as const) : ('pack' as const),
        baseUnitsPerSalesUnit: base,
        quantity,
        unitPriceCents: price,
        vatRate: '19' as const,
      })),
    )
    if (!completed) continue
    for (const [, quantity, base, , batchId] of lines) {
      const balance = (balances.get(batchId) ?? 0) - quantity * base
      balances.set(batchId, balance)
      movements.push({
        organisationId: fixture.pharmacy,
        batchId,
        kind: 'sale',
        quantity: -quantity * base,
        balanceAfter: balance,
        sourceType: 'customer_order',
        sourceId: orderId,
        actorKind: 'business_user',
        actorId: fixture.pharmacyOwner,
        createdAt: at(completed),
      })
    }
  }

  await db.insert(stockMovements).values(movements.splice(0))

  // The club: a harvest of each variety; hand-outs in January and February, one cancelled.
  movements.push(
    {
      organisationId: fixture.club,
      batchId: fixture.harvest,
      kind: 'receipt',
      quantity: 100_000,
      balanceAfter: 100_000,
      actorKind: 'business_user',
      actorId: fixture.clubOwner,
      createdAt: at('2025-12-01T10:00:00Z'),
    },
    {
      organisationId: fixture.club,
      batchId: fixture.mildHarvest,
      kind: 'receipt',
      quantity: 50_000,
      balanceAfter: 50_000,
      actorKind: 'business_user',
      actorId: fixture.clubOwner,
      createdAt: at('2026-01-05T10:00:00Z'),
    },
  )
  const clubBalances = new Map([
    [fixture.harvest, 100_000],
    [fixture.mildHarvest, 50_000],
  ])
  const handoutRows: [string, string, number, string, boolean][] = [
    [fixture.member, fixture.harvest, 10_000, '2026-01-10T16:00:00Z', false],
    [fixture.member, fixture.mildHarvest, 5_000, '2026-01-20T16:00:00Z', false],
    [fixture.youngMember, fixture.mildHarvest, 4_000, '2026-02-03T16:00:00Z', false],
    [fixture.member, fixture.harvest, 6_000, '2026-02-05T16:00:00Z', true],
  ]
  for (const [index, [customerId, batchId, quantity, when, cancelled]] of handoutRows.entries()) {
    const handoutId = id(200 + index)
    const movementId = id(300 + index)
    const strong = batchId === fixture.harvest
    let balance = (clubBalances.get(batchId) ?? 0) - quantity
    clubBalances.set(batchId, balance)
    movements.push({
      id: movementId,
      organisationId: fixture.club,
      batchId,
      kind: 'hand_out',
      quantity: -quantity,
      balanceAfter: balance,
      sourceType: 'hand_out',
      sourceId: handoutId,
      actorKind: 'business_user',
      actorId: fixture.clubOwner,
      createdAt: at(when),
    })
    const cancelMovementId = id(400 + index)
    if (cancelled) {
      balance += quantity
      clubBalances.set(batchId, balance)
      movements.push({
        id: cancelMovementId,
        organisationId: fixture.club,
        batchId,
        kind: 'return',
        quantity,
        balanceAfter: balance,
        sourceType: 'hand_out',
        sourceId: handoutId,
        actorKind: 'business_user',
        actorId: fixture.clubOwner,
        createdAt: at('2026-02-06T16:00:00Z'),
      })
    }
    await db.insert(stockMovements).values(movements.splice(0))
    await db.insert(handouts).values({
      id: handoutId,
      organisationId: fixture.club,
      number: `AG-2026-${String(index + 1).padStart(5, '0')}`,
      customerId,
      organisationProductId: strong ? fixture.varietyListing : fixture.mildListing,
      batchId,
      productName: strong ? 'Starke Sorte' : 'Milde Sorte',
      batchNumber: `T-${batchId.slice(-2)}`,
      quantity,
      thcContent: strong ? 15 : 8,
      cbdContent: 1,
      cannabinoidUnit: 'percent',
      ageClass: customerId === fixture.youngMember ? 'young_adult' : 'adult',
      information: handoutInformationTemplate,
      handedOutOn: when.slice(0, 10),
      handedOutAt: at(when),
      handedOutBy: fixture.clubOwner,
      movementId,
      ...(cancelled
        ? {
            cancelledAt: at('2026-02-06T16:00:00Z'),
            cancelledBy: fixture.clubOwner,
            cancelReason: 'Falsche Sorte erfasst',
            cancelMovementId,
          }
        : {}),
    })
  }
  expect(clubBalances.get(fixture.harvest)).toBe(90_000)
  expect(clubBalances.get(fixture.mildHarvest)).toBe(41_000)
  expect(balances.get(fixture.strongBatch)).toBe(89_000)
  expect(balances.get(fixture.mildBatch)).toBe(40_000)
  expect(balances.get(fixture.accessoryBatch)).toBe(7)
}

const chartOf = <K extends AnalysisChartKey>(analysis: Analysis, key: K): AnalysisRows<K> => {
  const chart = analysis.charts.find(
    (entry): entry is Extract<AnalysisChart, { key: K }> => entry.key === key,
  )
  if (!chart) throw new Error(`chart ${key} missing`)
  return chart.rows as AnalysisRows<K>
}

describe.each(testDatabaseKinds)('analysis on %s', (kind) => {
  let database: TestDatabase
  const db = () => database.handle.db
  let owner: Actor
  let clubOwner: Actor
  let actors: Awaited<ReturnType<typeof demoActors>>

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    await insertFixture(db())
    await insertTwins(db())
    owner = await businessActorOf(db(), fixture.pharmacyOwner)
    clubOwner = await businessActorOf(db(), fixture.clubOwner)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const analyse = (actor: Actor, search: AnalysisSearch = period) =>
    getAnalysis(actor, search, db(), today)

  it('sums a pharmacy’s net revenue of goods by Berlin month of completion', async () => {
    const analysis = await analyse(owner)
    expect(analysis.organisation).toEqual({
      id: fixture.pharmacy,
      name: 'Analyse-Apotheke',
      category: 'pharmacy',
    })
    expect(analysis.charts.map((chart) => chart.key)).toEqual([
      'revenue',
      'topProducts',
      'channels',
      'thc',
      'turnover',
    ])
    expect(chartOf(analysis, 'revenue')).toEqual([
      { month: '2026-01', orders: 1, netCents: 15_000 },
      { month: '2026-02', orders: 3, netCents: 16_000 },
    ])
    expect(chartOf(analysis, 'topProducts')).toEqual([
      {
        listingId: fixture.flowerListing,
        name: 'Testblüte 20',
        pzn: null,
        packBaseUnits: 10_000,
        packUnit: 'g',
        quantity: 16_000,
        netCents: 16_000,
      },
      {
        listingId: fixture.accessoryListing,
        name: '=Mühle',
        pzn: null,
        packBaseUnits: 1,
        packUnit: 'piece',
        quantity: 3,
        netCents: 15_000,
      },
    ])
  })

  it('counts orders received by origin and month, open ones too', async () => {
    const channels = chartOf(await analyse(owner), 'channels')
    expect(channels).toEqual([
      { month: '2026-01', orders: { back_office: 2, shop: 0, reservation: 0, purchase_order: 0 } },
      { month: '2026-02', orders: { back_office: 1, shop: 1, reservation: 1, purchase_order: 0 } },
    ])
  })

  it('weights the THC of the flowers sold by grams, per month', async () => {
    expect(chartOf(await analyse(owner), 'thc')).toEqual([
      { month: '2026-01', quantityMg: 10_000, averageThc: 20, averageCbd: 1 },
      // 5 g of 10 % and 1 g of 20 %: 70 / 6.
      { month: '2026-02', quantityMg: 6_000, averageThc: 11.67, averageCbd: 1 },
    ])
  })

  it('derives turnover and days of stock from the ledger', async () => {
    expect(chartOf(await analyse(owner), 'turnover')).toEqual([
      // 16 g left in the period; 100 g at its start, 134 g at its end (5 g were sold after it).
      {
        listingId: fixture.flowerListing,
        name: 'Testblüte 20',
        pzn: null,
        packBaseUnits: 10_000,
        packUnit: 'g',
        outflow: 16_000,
        openingStock: 100_000,
        closingStock: 134_000,
        usableStock: 129_000,
        turnover: 0.14,
        // 129 g ÷ (16 g ÷ 59 days)
        daysOfStock: 476,
      },
      {
        listingId: fixture.accessoryListing,
        name: '=Mühle',
        pzn: null,
        packBaseUnits: 1,
        packUnit: 'piece',
        outflow: 3,
        openingStock: 0,
        closingStock: 7,
        usableStock: 7,
        turnover: 0.86,
        daysOfStock: 138,
      },
    ])
  })

  it('filters by product category and period', async () => {
    const flowers = await analyse(owner, { ...period, category: 'flower' })
    expect(flowers.category).toBe('flower')
    expect(chartOf(flowers, 'revenue')).toEqual([
      { month: '2026-01', orders: 1, netCents: 10_000 },
      { month: '2026-02', orders: 2, netCents: 6_000 },
    ])
    expect(chartOf(flowers, 'topProducts').map((row) => row.listingId)).toEqual([
      fixture.flowerListing,
    ])
    expect(chartOf(flowers, 'turnover').map((row) => row.listingId)).toEqual([
      fixture.flowerListing,
    ])
    const accessories = await analyse(owner, { ...period, category: 'accessory' })
    expect(chartOf(accessories, 'channels')).toEqual([
      { month: '2026-01', orders: { back_office: 1, shop: 0, reservation: 0, purchase_order: 0 } },
      { month: '2026-02', orders: { back_office: 0, shop: 1, reservation: 0, purchase_order: 0 } },
    ])
    expect(chartOf(accessories, 'thc')).toEqual([
      { month: '2026-01', quantityMg: 0, averageThc: null, averageCbd: null },
      { month: '2026-02', quantityMg: 0, averageThc: null, averageCbd: null },
    ])
    const january = await analyse(owner, { from: '2026-01-01', to: '2026-01-31' })
    expect(chartOf(january, 'revenue')).toEqual([{ month: '2026-01', orders: 1, netCents: 15_000 }])
    // Without a period: the current month and the eleven before it, up to today.
    const standard = await analyse(owner, {})
    expect([standard.from, standard.to]).toEqual(['2025-07-01', today])
    expect(chartOf(standard, 'revenue')).toHaveLength(12)
  })

  it('refuses a period of days that do not exist, that ends before it begins or spans more than five years', async () => {
    expect(await outcomeOf(analyse(owner, { from: '2026-03-01', to: '2026-02-01' }))).toBe(400)
    expect(await outcomeOf(analyse(owner, { from: '2026-02-31', to: '2026-03-01' }))).toBe(400)
    expect(await outcomeOf(analyse(owner, { from: '2020-01-01', to: '2026-01-01' }))).toBe(400)
  })

  it('shows a club its hand-outs by variety and their THC, without cancelled ones', async () => {
    const analysis = await analyse(clubOwner)
    expect(analysis.charts.map((chart) => chart.key)).toEqual(['handOuts', 'thc', 'turnover'])
    expect(chartOf(analysis, 'handOuts')).toEqual([
      {
        name: 'Starke Sorte',
        unit: 'percent',
        handouts: 1,
        quantityMg: 10_000,
        members: 1,
        averageThc: 15,
        averageCbd: 1,
      },
      {
        name: 'Milde Sorte',
        unit: 'percent',
        handouts: 2,
        quantityMg: 9_000,
        members: 2,
        averageThc: 8,
        averageCbd: 1,
      },
    ])
    expect(chartOf(analysis, 'thc')).toEqual([
      // 10 g of 15 % and 5 g of 8 %: 190 / 15.
      { month: '2026-01', quantityMg: 15_000, averageThc: 12.67, averageCbd: 1 },
      { month: '2026-02', quantityMg: 4_000, averageThc: 8, averageCbd: 1 },
    ])
    // The cancelled 6 g went out and came back: they leave no outflow.
    expect(chartOf(analysis, 'turnover').map((row) => [row.name, row.outflow])).toEqual([
      ['Starke Sorte', 10_000],
      ['Milde Sorte', 9_000],
    ])
  })

  it('keeps each organisation to its own figures; the admin reads the one named', async () => {
    // The demo pharmacy's generated year is there, the fixture's products are not (and the
    // fixture's figures above hold beside the demo's).
    const demo = await analyse(actors.pharmacyOwner)
    expect(demo.organisation?.id).toBe(demoIds.pharmacy)
    expect(chartOf(demo, 'revenue').every((row) => row.orders > 0)).toBe(true)
    const listed = [...chartOf(demo, 'topProducts'), ...chartOf(demo, 'turnover')].map(
      (row) => row.listingId,
    )
    expect(listed).not.toContain(fixture.flowerListing)
    expect(listed).not.toContain(fixture.accessoryListing)
    expect(
      await outcomeOf(analyse(actors.pharmacyOwner, { ...period, organisation: fixture.pharmacy })),
    ).toBe(403)
    expect(await outcomeOf(analyse(clubOwner, { ...period, organisation: fixture.pharmacy }))).toBe(
      403,
    )

    const unchosen = await analyse(actors.admin, period)
    expect(unchosen.organisation).toBeNull()
    expect(unchosen.charts).toEqual([])
    expect(unchosen.organisations.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([fixture.pharmacy, fixture.club, demoIds.pharmacy]),
    )
    expect(unchosen.organisations.some((entry) => entry.category === 'platform')).toBe(false)
    const chosen = await analyse(actors.admin, { ...period, organisation: fixture.pharmacy })
    expect(chartOf(chosen, 'revenue')).toEqual(chartOf(await analyse(owner), 'revenue'))
    expect(await outcomeOf(analyse(actors.admin, { ...period, organisation: id(999) }))).toBe(404)
    // Only the platform's admin reads other organisations: an admin role elsewhere does not.
    const strayAdmin = {
      ...actors.pharmacyOwner,
      user: { ...actors.pharmacyOwner.user, role: 'admin' as const },
    }
    expect(
      await outcomeOf(analyse(strayAdmin, { ...period, organisation: fixture.pharmacy })),
    ).toBe(403)
  })

  it('refuses staff, shop customers and visitors', async () => {
    const staff = await businessActorOf(db(), fixture.pharmacyStaff)
    for (const actor of [staff, actors.pharmacyStaff, actors.shopCustomer, visitorActor()]) {
      expect(await outcomeOf(analyse(actor))).toBe(403)
      expect(await outcomeOf(analysisChartCsv(actor, 'revenue', period, db(), today))).toBe(403)
    }
  })

  it('keeps two products of one name apart, named by pack size and PZN, and narrows to the chosen', async () => {
    const twinOwner = await businessActorOf(db(), twins.owner)
    const analysis = await analyse(twinOwner, april)
    const top = chartOf(analysis, 'topProducts')
    // Two rows, the small jars first: they brought more.
    expect(top).toEqual([
      {
        listingId: twins.smallListing,
        name: 'Zwillingsblüte',
        pzn: '11111111',
        packBaseUnits: 5000,
        packUnit: 'g',
        quantity: 10_000,
        netCents: 8000,
      },
      {
        listingId: twins.largeListing,
        name: 'Zwillingsblüte',
        pzn: '22222222',
        packBaseUnits: 10_000,
        packUnit: 'g',
        quantity: 10_000,
        netCents: 7000,
      },
    ])
    expect(top.map(productOptionLabel)).toEqual([
      'Zwillingsblüte 5 g · PZN 11111111',
      'Zwillingsblüte 10 g · PZN 22222222',
    ])
    const turnover = chartOf(analysis, 'turnover')
    expect(turnover.map((row) => [productOptionLabel(row), row.outflow, row.closingStock])).toEqual(
      [
        ['Zwillingsblüte 5 g · PZN 11111111', 10_000, 10_000],
        ['Zwillingsblüte 10 g · PZN 22222222', 10_000, 10_000],
      ],
    )
    const csv = await analysisChartCsv(twinOwner, 'topProducts', april, db(), today)
    expect(csv.content.split('\r\n').slice(1, 3)).toEqual([
      'Zwillingsblüte;5 g;11111111;10;g;80',
      'Zwillingsblüte;10 g;22222222;10;g;70',
    ])

    // Narrowed to the small jar: every chart counts it alone, and the page names it.
    const small = await analyse(twinOwner, { ...april, products: [twins.smallListing] })
    expect(small.products).toEqual([
      {
        listingId: twins.smallListing,
        name: 'Zwillingsblüte',
        pzn: '11111111',
        packBaseUnits: 5000,
        packUnit: 'g',
      },
    ])
    expect(chartOf(small, 'revenue')).toEqual([{ month: '2026-04', orders: 1, netCents: 8000 }])
    expect(chartOf(small, 'topProducts').map((row) => row.listingId)).toEqual([twins.smallListing])
    expect(chartOf(small, 'turnover').map((row) => row.listingId)).toEqual([twins.smallListing])
    expect(chartOf(small, 'thc')).toEqual([
      { month: '2026-04', quantityMg: 10_000, averageThc: 22, averageCbd: 1 },
    ])
    const smallCsv = await analysisChartCsv(
      twinOwner,
      'topProducts',
      { ...april, products: [twins.smallListing] },
      db(),
      today,
    )
    expect(smallCsv.content.split('\r\n').slice(1)).toEqual([
      'Zwillingsblüte;5 g;11111111;10;g;80',
      '',
    ])
    // An order with a chosen product counts once, whatever else it holds.
    const both = await analyse(twinOwner, {
      ...april,
      products: [twins.smallListing, twins.largeListing],
    })
    expect(chartOf(both, 'channels')[0]?.orders.back_office).toBe(1)
    expect(chartOf(both, 'revenue')).toEqual([{ month: '2026-04', orders: 1, netCents: 15_000 }])

    // Another organisation's product is none of this one's: 404, in the page and the CSV alike.
    expect(
      await outcomeOf(analyse(twinOwner, { ...april, products: [fixture.flowerListing] })),
    ).toBe(404)
    expect(await outcomeOf(analyse(owner, { ...april, products: [twins.smallListing] }))).toBe(404)
    expect(
      await outcomeOf(
        analysisChartCsv(
          owner,
          'revenue',
          { ...april, products: [twins.smallListing] },
          db(),
          today,
        ),
      ),
    ).toBe(404)
  })

  it('offers the picker the organisation’s products only, each with its distinguishing label', async () => {
    const twinOwner = await businessActorOf(db(), twins.owner)
    const found = await searchAnalysisProducts(twinOwner, { q: 'zwillings' }, db())
    expect(found.map(productOptionLabel)).toEqual([
      'Zwillingsblüte 5 g · PZN 11111111',
      'Zwillingsblüte 10 g · PZN 22222222',
    ])
    expect(await searchAnalysisProducts(twinOwner, { q: '22222222' }, db())).toHaveLength(1)
    expect(await searchAnalysisProducts(owner, { q: 'zwillings' }, db())).toEqual([])
    // The admin searches the organisation named, and nothing before naming one.
    expect(
      await searchAnalysisProducts(
        actors.admin,
        { q: 'zwillings', organisation: twins.pharmacy },
        db(),
      ),
    ).toHaveLength(2)
    expect(await searchAnalysisProducts(actors.admin, { q: 'zwillings' }, db())).toEqual([])
    expect(
      await outcomeOf(
        searchAnalysisProducts(twinOwner, { q: '', organisation: fixture.pharmacy }, db()),
      ),
    ).toBe(403)
    const staff = await businessActorOf(db(), fixture.pharmacyStaff)
    expect(await outcomeOf(searchAnalysisProducts(staff, { q: '' }, db()))).toBe(403)
  })

  it('exports each chart’s table as CSV for German spreadsheets, formulas guarded', async () => {
    const revenue = await analysisChartCsv(owner, 'revenue', period, db(), today)
    expect(revenue.fileName).toBe('analyse-umsatz-2026-01-01-bis-2026-02-28.csv')
    expect(revenue.content).toBe(
      '\uFEFFMonat;Bestellungen;Umsatz netto (EUR)\r\nJan. 2026;1;150\r\nFeb. 2026;3;160\r\n',
    )
    const top = await analysisChartCsv(owner, 'topProducts', period, db(), today)
    expect(top.content).toBe(
      '\uFEFFProdukt;Packung;PZN;Menge;Einheit;Umsatz netto (EUR)\r\nTestblüte 20;10 g;;16;g;160\r\n"\'=Mühle";1 Stk;;3;Stk;150\r\n',
    )
    const turnover = await analysisChartCsv(
      owner,
      'turnover',
      { ...period, category: 'flower' },
      db(),
      today,
    )
    expect(turnover.content.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFProdukt;Packung;PZN;Einheit;Abgang;Anfangsbestand;Endbestand;Nutzbarer Bestand heute;Umschlag;Reichweite (Tage)',
      'Testblüte 20;10 g;;g;16;100;134;129;0,14;476',
    ])
    const club = await analysisChartCsv(clubOwner, 'handOuts', period, db(), today)
    expect(club.content.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFSorte;Abgaben;Menge (g);Mitglieder;THC Ø;CBD Ø;Einheit',
      'Starke Sorte;1;10;1;15;1;%',
    ])
    // A chart the organisation's category does not have.
    expect(await outcomeOf(analysisChartCsv(owner, 'handOuts', period, db(), today))).toBe(404)
    expect(await outcomeOf(analysisChartCsv(actors.admin, 'revenue', period, db(), today))).toBe(
      400,
    )
  })
})
