import { PDFDocument } from '@cantoo/pdf-lib'
import { TZDate } from '@date-fns/tz'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VarietyStockFigures } from '~/lib/handout-report'
import { visitorActor } from '~/server/actor.server'
import { berlinYear } from '~/server/counters/counters.server'
import { demoIds } from '~/server/db/seed.server'
import {
  annualHandoutReport,
  annualHandoutReportCsv,
  annualHandoutReportPdf,
} from '~/server/handouts/handout-report.server'
import { handouts } from '~/server/handouts/handouts.schema'
import { organisationProducts, products } from '~/server/products/products.schema'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import { destroyStock } from '~/server/stock/stock.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

const thisYear = berlinYear()

describe.each(testDatabaseKinds)('annual hand-out report on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('sums each variety’s grams, filled packs with their variety, and weights THC and CBD by grams, without cancelled hand-outs', async () => {
    const rows = await db()
      .select({ handout: handouts, cultivar: products.cultivar })
      .from(handouts)
      .innerJoin(organisationProducts, eq(organisationProducts.id, handouts.organisationProductId))
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(and(eq(handouts.organisationId, demoIds.club), isNull(handouts.cancelledAt)))
    const all = rows.map((row) => ({
      ...row.handout,
      variety: row.cultivar ?? row.handout.productName,
    }))
    // The history hands out packs filled of a variety ("Auwald, 5 g"): they count with it.
    expect(all.some((row) => row.variety !== row.productName)).toBe(true)
    // The history's twelve months reach into last year, this month's demo is this year's.
    for (const year of [thisYear - 1, thisYear]) {
      const ofYear = all.filter((row) => row.handedOutOn.startsWith(String(year)))
      expect(ofYear.length).toBeGreaterThan(0)
      const report = await annualHandoutReport(actors.clubOwner, year, db())
      expect(report.handouts).toBe(ofYear.length)
      expect(report.quantityMg).toBe(ofYear.reduce((sum, row) => sum + row.quantity, 0))
      expect(report.membersServed).toBe(new Set(ofYear.map((row) => row.customerId)).size)
      expect(report.members).toBeGreaterThanOrEqual(report.membersServed)
      const handedOut = report.varieties.filter((variety) => variety.handouts > 0)
      expect(handedOut.map((variety) => variety.name).sort()).toEqual(
        [...new Set(ofYear.map((row) => row.variety))].sort(),
      )
      for (const variety of handedOut) {
        const mine = ofYear.filter((row) => row.variety === variety.name)
        const grams = mine.reduce((sum, row) => sum + row.quantity, 0)
        const thc =
          mine.reduce((sum, row) => sum + Number(row.thcContent) * row.quantity, 0) / grams
        expect(variety.quantityMg).toBe(grams)
        // The report rounds to two decimals: at most half a hundredth off.
        expect(Math.abs((variety.averageThc as number) - thc)).toBeLessThanOrEqual(0.005 + 1e-9)
      }
    }
  })

  it('rebuilds each variety’s stock figures of the year from the raw ledger movements', async () => {
    // A destruction this year, so the column is not empty by accident.
    const [batch] = await db()
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.organisationId, demoIds.club), gt(batches.balance, 1000)))
      .orderBy(desc(batches.balance))
      .limit(1)
    await destroyStock(
      actors.clubOwner,
      { batchId: batch?.id, quantity: 1000, reason: 'Schimmel' },
      db(),
    )
    const movements = await db()
      .select({
        kind: stockMovements.kind,
        quantity: stockMovements.quantity,
        at: stockMovements.createdAt,
        cultivar: products.cultivar,
        name: products.name,
        packUnit: products.packUnit,
      })
      .from(stockMovements)
      .innerJoin(batches, eq(batches.id, stockMovements.batchId))
      .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(eq(stockMovements.organisationId, demoIds.club))
    for (const year of [thisYear - 1, thisYear]) {
      const start = new TZDate(year, 0, 1, 'Europe/Berlin').getTime()
      const end = new TZDate(year + 1, 0, 1, 'Europe/Berlin').getTime()
      const expected = new Map<string, VarietyStockFigures>()
      for (const movement of movements) {
        const at = movement.at.getTime()
        if (movement.packUnit !== 'g' || at >= end) continue
        const variety = movement.cultivar?.trim() || movement.name
        const figures = expected.get(variety) ?? {
          openingMg: 0,
          harvestedMg: 0,
          handedOutMg: 0,
          destroyedMg: 0,
          correctedMg: 0,
          closingMg: 0,
        }
        figures.closingMg += movement.quantity
        if (at < start) figures.openingMg += movement.quantity
        else if (movement.kind === 'receipt') figures.harvestedMg += movement.quantity
        else if (movement.kind === 'hand_out' || movement.kind === 'return')
          figures.handedOutMg -= movement.quantity
        else if (movement.kind === 'destruction') figures.destroyedMg -= movement.quantity
        else figures.correctedMg += movement.quantity
        expected.set(variety, figures)
      }
      const report = await annualHandoutReport(actors.clubOwner, year, db())
      for (const [name, figures] of expected) {
        if (Object.values(figures).every((value) => value === 0)) continue
        const variety = report.varieties.find((row) => row.name === name)
        expect(variety, name).toMatchObject(figures)
      }
      expect(report.varieties.reduce((sum, row) => sum + row.harvestedMg, 0)).toBeGreaterThan(0)
      if (year === thisYear) {
        expect(report.varieties.reduce((sum, row) => sum + row.destroyedMg, 0)).toBeGreaterThan(0)
      }
      for (const variety of report.varieties) {
        expect(
          variety.openingMg +
            variety.harvestedMg -
            variety.handedOutMg -
            variety.destroyedMg +
            variety.correctedMg,
        ).toBe(variety.closingMg)
      }
    }
  })

  it('writes the CSV for spreadsheets and a PDF', async () => {
    const csv = await annualHandoutReportCsv(actors.clubOwner, thisYear, db())
    expect(csv.fileName).toBe(`abgabe-jahresbericht-${thisYear}.csv`)
    expect(csv.content.startsWith('\uFEFFSorte;Abgaben;Menge (g);THC Ø;CBD Ø;Einheit')).toBe(true)
    expect(csv.content).toContain('Mitglieder im Jahr;')
    expect(csv.content).toContain(';Bestand 1.1. (g);Geerntet (g);')
    const pdf = await annualHandoutReportPdf(actors.clubOwner, thisYear, db())
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-')
    // The report starts below the letterhead: one page for a club's few varieties.
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(1)
  })

  it('is the club’s alone, for years from 2024 to now', async () => {
    expect(await outcomeOf(annualHandoutReport(actors.pharmacyOwner, thisYear, db()))).toBe(403)
    expect(await outcomeOf(annualHandoutReport(actors.admin, thisYear, db()))).toBe(403)
    expect(await outcomeOf(annualHandoutReport(actors.shopCustomer, thisYear, db()))).toBe(403)
    expect(await outcomeOf(annualHandoutReport(visitorActor(), thisYear, db()))).toBe(403)
    expect(await outcomeOf(annualHandoutReport(actors.clubOwner, 2019, db()))).toBe(400)
    expect(await outcomeOf(annualHandoutReport(actors.clubOwner, thisYear + 1, db()))).toBe(400)
  })
})
