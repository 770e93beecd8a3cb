import { and, asc, countDistinct, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import { type AnnualHandoutReport, annualReportYearMessage } from '../../lib/handout-report'
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
import { handoutVariety } from './handout-variety.server'
import { handouts } from './handouts.schema'
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

export async function annualHandoutReport(
  actor: Actor,
  yearInput: number,
  db: Database,
): Promise<AnnualHandoutReport> {
  const clerk = requireClubClerk(actor)
  const year = checkedYear(yearInput)
  const organisationId = clerk.organisation.id
  const inYear = and(
    eq(handouts.organisationId, organisationId),
    isNull(handouts.cancelledAt),
    gte(handouts.handedOutOn, `${year}-01-01`),
    lt(handouts.handedOutOn, `${year + 1}-01-01`),
  )
  const weighted = (column: typeof handouts.thcContent) =>
    sql<string>`round(sum(${column} * ${handouts.quantity}) / nullif(sum(${handouts.quantity}), 0), 2)::text`
  const [varieties, [totals], [members]] = await Promise.all([
    db
      .select({
        name: handoutVariety,
        unit: handouts.cannabinoidUnit,
        handouts: sql<number>`count(*)::int`,
        quantityMg: sql<number>`sum(${handouts.quantity})::bigint`,
        averageThc: weighted(handouts.thcContent),
        averageCbd: weighted(handouts.cbdContent),
      })
      .from(handouts)
      .innerJoin(organisationProducts, eq(organisationProducts.id, handouts.organisationProductId))
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(inYear)
      .groupBy(handoutVariety, handouts.cannabinoidUnit)
      .orderBy(asc(handoutVariety)),
    db
      .select({
        handouts: sql<number>`count(*)::int`,
        quantityMg: sql<number>`coalesce(sum(${handouts.quantity}), 0)::bigint`,
        membersServed: countDistinct(handouts.customerId),
      })
      .from(handouts)
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
      handouts: row.handouts,
      quantityMg: Number(row.quantityMg),
      averageThc: row.averageThc === null ? null : Number(row.averageThc),
      averageCbd: row.averageCbd === null ? null : Number(row.averageCbd),
    })),
    handouts: totals?.handouts ?? 0,
    quantityMg: Number(totals?.quantityMg ?? 0),
    membersServed: totals?.membersServed ?? 0,
    members: members?.count ?? 0,
  }
}

const contentText = (value: number | null, unit: string) =>
  value === null
    ? '–'
    : `${formatDecimal(value)} ${unit === 'percent' ? '%' : unit === 'mg_per_g' ? 'mg/g' : 'mg/ml'}`

export async function annualHandoutReportCsv(actor: Actor, year: number, db: Database) {
  const report = await annualHandoutReport(actor, year, db)
  const content = csvFile(
    ['Sorte', 'Abgaben', 'Menge (g)', 'THC Ø', 'CBD Ø', 'Einheit'],
    [
      ...report.varieties.map((variety) => [
        variety.name,
        String(variety.handouts),
        formatDecimal(variety.quantityMg / 1000),
        variety.averageThc === null ? '' : formatDecimal(variety.averageThc),
        variety.averageCbd === null ? '' : formatDecimal(variety.averageCbd),
        variety.unit === 'percent' ? '%' : variety.unit,
      ]),
      ['Summe', String(report.handouts), formatDecimal(report.quantityMg / 1000), '', '', ''],
      ['Mitglieder im Jahr', String(report.members), '', '', '', ''],
      ['Mitglieder mit Abgaben', String(report.membersServed), '', '', '', ''],
    ],
  )
  return { fileName: `abgabe-jahresbericht-${report.year}.csv`, content }
}

/** The report's PDF from the report and the letterhead alone: no database, no clock. */
export async function renderAnnualHandoutReportPdf(
  report: AnnualHandoutReport,
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
      [String(variety.handouts)],
      [formatGrams(variety.quantityMg)],
      [contentText(variety.averageThc, variety.unit)],
      [contentText(variety.averageCbd, variety.unit)],
    ]),
  )
  canvas.y -= 8
  canvas.summary([
    { label: 'Abgaben gesamt', value: String(report.handouts) },
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

export async function annualHandoutReportPdf(actor: Actor, year: number, db: Database) {
  const report = await annualHandoutReport(actor, year, db)
  const seller = await documentSellerOf(db, requireClubClerk(actor).organisation.id)
  const bytes = await renderAnnualHandoutReportPdf(report, seller)
  return { fileName: `abgabe-jahresbericht-${report.year}.pdf`, bytes }
}
