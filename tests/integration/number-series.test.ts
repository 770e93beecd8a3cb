import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { numberPrefixLockedMessage, numberSeriesLabels } from '~/lib/number-series'
import type { BusinessActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { takeDocumentNumber } from '~/server/counters/counters.server'
import { getNumberSeriesSettings, setNumberPrefix } from '~/server/counters/number-series.server'
import { documents, handouts } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { ConflictError, ForbiddenError, InvalidError } from '~/server/errors.server'
import { businessActorOf, demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => error,
  )

const parallel = 50

describe.each(testDatabaseKinds)('number series and their prefixes on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let marketOwner: BusinessActor
  const db = () => database.handle.db
  const market = demoIds.marketPharmacy

  /** `count` numbers of a series, each taken in its own transaction, all at once. */
  const takeInParallel = (
    organisationId: string,
    series: 'filling' | 'delivery_note',
    year: number,
  ) =>
    Promise.all(
      Array.from({ length: parallel }, () =>
        db().transaction((tx) => takeDocumentNumber(tx, organisationId, series, year)),
      ),
    )

  const seriesOf = async (organisationId: string, actor: BusinessActor) =>
    (await getNumberSeriesSettings(actor, organisationId, db())).series

  const prefixAudits = () =>
    db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organisationId, market),
          eq(auditEvents.action, 'organisation.number_prefix_set'),
        ),
      )

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    marketOwner = await businessActorOf(db(), demoIds.userMarketPharmacyOwner)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('hand-outs and order confirmations no longer share a prefix, and no number repeats', async () => {
    const pharmacy = await seriesOf(demoIds.pharmacy, actors.pharmacyOwner)
    const prefixes = pharmacy.map((series) => series.prefix)
    expect(new Set(prefixes).size).toBe(prefixes.length)
    expect(pharmacy.find((series) => series.series === 'hand_out')?.prefix).toBe('AG')
    expect(pharmacy.find((series) => series.series === 'order_confirmation')?.prefix).toBe('AB')

    const handoutNumbers = await db().select({ number: handouts.number }).from(handouts)
    const documentNumbers = await db()
      .select({ number: documents.number })
      .from(documents)
      .where(eq(documents.organisationId, demoIds.pharmacy))
    expect(handoutNumbers.length).toBeGreaterThan(0)
    expect(handoutNumbers.every(({ number }) => number.startsWith('AG-'))).toBe(true)
    const shared = new Set(documentNumbers.map(({ number }) => number))
    expect(handoutNumbers.filter(({ number }) => shared.has(number))).toEqual([])
  })

  it(`${parallel} parallel numbers of one series: none repeats, none is skipped`, async () => {
    const numbers = await takeInParallel(demoIds.club, 'filling', 2091)
    const prefix = (await seriesOf(demoIds.club, actors.clubOwner)).find(
      (series) => series.series === 'filling',
    )?.prefix
    expect(new Set(numbers).size).toBe(parallel)
    expect([...numbers].sort()).toEqual(
      Array.from(
        { length: parallel },
        (_, index) => `${prefix}-2091-${String(index + 1).padStart(5, '0')}`,
      ),
    )
  })

  it('the owner chooses a prefix before the first number; afterwards it is locked', async () => {
    const before = await seriesOf(market, marketOwner)
    const open = before.find((series) => series.series === 'delivery_note')
    expect(open?.lockedAt).toBeNull()

    const saved = await setNumberPrefix(
      marketOwner,
      market,
      { series: 'delivery_note', prefix: ' lf ' },
      db(),
    )
    expect(saved.series.find((series) => series.series === 'delivery_note')).toMatchObject({
      prefix: 'LF',
      lockedAt: null,
    })
    const [audit] = await prefixAudits()
    expect(audit).toMatchObject({
      actorId: marketOwner.user.id,
      before: { series: 'delivery_note', prefix: 'LS' },
      after: { series: 'delivery_note', prefix: 'LF' },
    })

    const first = await db().transaction((tx) =>
      takeDocumentNumber(tx, market, 'delivery_note', 2092),
    )
    expect(first).toBe('LF-2092-00001')
    const locked = await failureOf(
      setNumberPrefix(marketOwner, market, { series: 'delivery_note', prefix: 'LX' }, db()),
    )
    expect(locked).toBeInstanceOf(ConflictError)
    expect((locked as ConflictError).message).toBe(
      numberPrefixLockedMessage(numberSeriesLabels.delivery_note, 'LF'),
    )
    expect(
      (await seriesOf(market, marketOwner)).find((series) => series.series === 'delivery_note')
        ?.lockedAt,
    ).not.toBeNull()
  })

  it('a prefix choice racing the first numbers never splits the series', async () => {
    const [choice, ...numbers] = await Promise.all([
      failureOf(setNumberPrefix(marketOwner, market, { series: 'filling', prefix: 'PF' }, db())),
      ...Array.from({ length: parallel }, () =>
        db().transaction((tx) => takeDocumentNumber(tx, market, 'filling', 2093)),
      ),
    ])
    const stored = (await seriesOf(market, marketOwner)).find(
      (series) => series.series === 'filling',
    )
    expect(stored?.lockedAt).not.toBeNull()
    // Either the choice came first and every number has it, or it was refused as locked.
    if (choice === null) expect(stored?.prefix).toBe('PF')
    else expect(choice).toBeInstanceOf(ConflictError)
    const prefixes = new Set(numbers.map((number) => String(number).split('-')[0]))
    expect([...prefixes]).toEqual([stored?.prefix])
    expect(new Set(numbers).size).toBe(parallel)
  })

  it('refuses a prefix another series uses, a malformed one, and anyone but the owner', async () => {
    const audits = await prefixAudits()
    const taken = await failureOf(
      setNumberPrefix(marketOwner, market, { series: 'invoice', prefix: 'AB' }, db()),
    )
    expect(taken).toBeInstanceOf(InvalidError)
    expect((taken as InvalidError).extra.errors?.prefix).toBe(
      'Das Kürzel „AB“ verwenden bereits die Auftragsbestätigungen. Jeder Nummernkreis braucht sein eigenes Kürzel, damit keine Nummer doppelt vorkommt.',
    )
    const malformed = await failureOf(
      setNumberPrefix(marketOwner, market, { series: 'invoice', prefix: 'R-E' }, db()),
    )
    expect(malformed).toBeInstanceOf(InvalidError)
    expect(Object.keys((malformed as InvalidError).extra.errors ?? {})).toEqual(['prefix'])
    for (const actor of [actors.pharmacyOwner, actors.pharmacyStaff, actors.admin]) {
      expect(
        await failureOf(setNumberPrefix(actor, market, { series: 'invoice', prefix: 'RG' }, db())),
      ).toBeInstanceOf(ForbiddenError)
    }
    expect(await prefixAudits()).toEqual(audits)
  })
})
