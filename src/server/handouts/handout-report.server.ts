import { and, asc, countDistinct, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import { type AnnualHandOutReport, annualReportYearMessage } from '../../lib/handout-report'
import { formatGrams } from '../../lib/handouts'
import { formatDecimal } from '../../lib/products'
import type { Actor } from '../actor.server'
import { berlinYear } from '../counters/counters.server'
import { csvFile } from '../csv.server'
import { customers } from '../customers/customers.schema'
import type { Database } from '../db/client.server'
import type { DocumentSeller } from '../documents/document-content'
import { contentWidth, DocumentCanvas } from '../documents/render/layout.server'
import { InvalidError } from '../errors.server'
import { documentSellerOf } from '../organisations/organisation-settings.server'
import { organisationProducts, products } from '../products/products.schema'
import { handOutVariety } from './handout-variety.server'
import { handOuts } from './handouts.schema'
import { requireClubClerk } from './handouts.server'

/**
 * The club's annual report of hand-outs (KCanG): per variety (cultivar, so packs filled of it
 * count with it) the grams handed out in a calendar
 * year and the average THC and CBD (weighted by grams), with the number of members. Cancelled
 * hand-outs do not count. CSV for the authority's spreadsheet, PDF for the file.
 */

function checkedYear(year: number): number {
  const current = berlinYear()
  if (!Number.isInteger(year) || year < 2024 || year > current) {
    throw new InvalidError({ year: annualReportYearMessage }, annualReportYearMessage)
  }
  return year
}

export async function annualHandOutReport(
  actor: Actor,
  yearInput: number,
  db: Database,
): Promise<AnnualHandOutReport> {
  const clerk = requireClubClerk(actor)
  const year = checkedYear(yearInput)
  const organisationId = clerk.organisation.id
  const inYear = and(
    eq(handOuts.organisationId, organisationId),
    isNull(handOuts.cancelledAt),
    gte(handOuts.handedOutOn, `${year}-01-01`),
    lt(handOuts.handedOutOn, `${year + 1}-01-01`),
  )
  const weighted = (column: typeof handOuts.thcContent) =>
    sql<string>`round(sum(${column} * ${handOuts.quantity}) / nullif(sum(${handOuts.quantity}), 0), 2)::text`
  const [varieties, [totals], [members]] = await Promise.all([
    db
      .select({
        name: handOutVariety,
        unit: handOuts.cannabinoidUnit,
        handOuts: sql<number>`count(*)::int`,
        quantityMg: sql<number>`sum(${handOuts.quantity})::bigint`,
        averageThc: weighted(handOuts.thcContent),
        averageCbd: weighted(handOuts.cbdContent),
      })
      .from(handOuts)
      .innerJoin(organisationProducts, eq(organisationProducts.id, handOuts.organisationProductId))
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(inYear)
      .groupBy(handOutVariety, handOuts.cannabinoidUnit)
      .orderBy(asc(handOutVariety)),
    db
      .select({
        handOuts: sql<number>`count(*)::int`,
        quantityMg: sql<number>`coalesce(sum(${handOuts.quantity}), 0)::bigint`,
        membersServed: countDistinct(handOuts.customerId),
      })
      .from(handOuts)
      .where(inYear),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(customers)
      .where(
        and(
          eq(customers.organisationId, organisationId),
          eq(customers.kind, 'member'),
          isNull(customers.anonymisedAt),
          sql`coalesce(${customers.joinedOn}, ${customers.createdAt}::date) < ${`${year + 1}-01-01`}::date`,
          sql`(${customers.deactivatedAt} is null or ${customers.deactivatedAt} >= ${`${year}-01-01`}::date)`,
        ),
      ),
  ])
  return {
    year,
    organisationName: clerk.organisation.name,
    varieties: varieties.map((row) => ({
      name: row.name,
      unit: row.unit,
      handOuts: row.handOuts,
      quantityMg: Number(row.quantityMg),
      averageThc: row.averageThc === null ? null : Number(row.averageThc),
      averageCbd: row.averageCbd === null ? null : Number(row.averageCbd),
    })),
    handOuts: totals?.handOuts ?? 0,
    quantityMg: Number(totals?.quantityMg ?? 0),
    membersServed: totals?.membersServed ?? 0,
    members: members?.count ?? 0,
  }
}

const contentText = (value: number | null, unit: string) =>
  value === null
    ? '–'
    : `${formatDecimal(value)} ${unit === 'percent' ? '%' : unit === 'mg_per_g' ? 'mg/g' : 'mg/ml'}`

export async function annualHandOutReportCsv(actor: Actor, year: number, db: Database) {
  const report = await annualHandOutReport(actor, year, db)
  const content = csvFile(
    ['Sorte', 'Abgaben', 'Menge (g)', 'THC Ø', 'CBD Ø', 'Einheit'],
    [
      ...report.varieties.map((variety) => [
        variety.name,
        String(variety.handOuts),
        formatDecimal(variety.quantityMg / 1000),
        variety.averageThc === null ? '' : formatDecimal(variety.averageThc),
        variety.averageCbd === null ? '' : formatDecimal(variety.averageCbd),
        variety.unit === 'percent' ? '%' : variety.unit,
      ]),
      ['Summe', String(report.handOuts), formatDecimal(report.quantityMg / 1000), '', '', ''],
      ['Mitglieder im Jahr', String(report.members), '', '', '', ''],
      ['Mitglieder mit Abgaben', String(report.membersServed), '', '', '', ''],
    ],
  )
  return { fileName: `abgabe-jahresbericht-${report.year}.csv`, content }
}

/** The report's PDF from the report and the letterhead alone: no database, no clock. */
export async function renderAnnualHandOutReportPdf(
  report: AnnualHandOutReport,
  seller: DocumentSeller,
): Promise<Uint8Array> {
  const title = `Jahresbericht Abgaben ${report.year}`
  const canvas = await DocumentCanvas.create({ title, seller })
  // A report has no address field: it starts right below the letterhead, not on page two.
  canvas.startBelowLetterhead()
  canvas.paragraph(title, { size: 14, bold: true })
  canvas.paragraph(
    `Abgaben an Mitglieder vom 1. Januar bis 31. Dezember ${report.year} (KCanG), ohne stornierte Abgaben. THC und CBD: Mittelwerte der Chargen, gewichtet nach abgegebener Menge.`,
    { color: 'grey' },
  )
  canvas.y -= 8
  canvas.table(
    [
      { header: 'Sorte', width: contentWidth * 0.4 },
      { header: 'Abgaben', width: contentWidth * 0.12, align: 'right' },
      { header: 'Menge', width: contentWidth * 0.16, align: 'right' },
      { header: 'THC Ø', width: contentWidth * 0.16, align: 'right' },
      { header: 'CBD Ø', width: contentWidth * 0.16, align: 'right' },
    ],
    report.varieties.map((variety) => [
      [variety.name],
      [String(variety.handOuts)],
      [formatGrams(variety.quantityMg)],
      [contentText(variety.averageThc, variety.unit)],
      [contentText(variety.averageCbd, variety.unit)],
    ]),
  )
  canvas.y -= 8
  canvas.summary([
    { label: 'Abgaben gesamt', value: String(report.handOuts) },
    { label: 'Menge gesamt', value: formatGrams(report.quantityMg), strong: true },
    { label: 'Mitglieder im Jahr', value: String(report.members) },
    { label: 'Mitglieder mit Abgaben', value: String(report.membersServed) },
  ])
  return canvas.save({
    title,
    author: report.organisationName,
    subject: title,
    date: `${report.year}-12-31`,
  })
}

export async function annualHandOutReportPdf(actor: Actor, year: number, db: Database) {
  const report = await annualHandOutReport(actor, year, db)
  const seller = await documentSellerOf(db, requireClubClerk(actor).organisation.id)
  const bytes = await renderAnnualHandOutReportPdf(report, seller)
  return { fileName: `abgabe-jahresbericht-${report.year}.pdf`, bytes }
}
