import { PDFDocument } from '@cantoo/pdf-lib'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
      expect(report.varieties.map((variety) => variety.name).sort()).toEqual(
        [...new Set(ofYear.map((row) => row.variety))].sort(),
      )
      for (const variety of report.varieties) {
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

  it('writes the CSV for spreadsheets and a PDF', async () => {
    const csv = await annualHandoutReportCsv(actors.clubOwner, thisYear, db())
    expect(csv.fileName).toBe(`abgabe-jahresbericht-${thisYear}.csv`)
    expect(csv.content.startsWith('\uFEFFSorte;Abgaben;Menge (g);THC Ø;CBD Ø;Einheit')).toBe(true)
    expect(csv.content).toContain('Mitglieder im Jahr;')
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
