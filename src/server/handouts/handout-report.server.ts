import { and, asc, countDistinct, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import {
  type AnnualHandoutReport,
  annualReportYearMessage,
  type VarietyStockFigures,
} from '../../lib/handout-report'
import { formatGrams } from '../../lib/handouts'
import type { CannabinoidUnit } from '../../lib/products'
import { formatDecimal } from '../../lib/products'
import type { Actor } from '../actor.server'
import { berlinYear } from '../counters/counters.server'
import { csvFile } from '../csv.server'
import { customers } from '../customers/customers.schema'
import { berlinDayStart } from '../db/berlin-time.server'
import type { Database } from '../db/client.server'
import { inSequence } from '../db/in-sequence.server'
import type { DocumentSeller } from '../documents/document-content'
import { contentWidth, DocumentCanvas } from '../documents/render/layout.server'
import { InvalidError } from '../errors.server'
import { documentSellerOf } from '../organisations/organisation-settings.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches, stockMovements } from '../stock/stock.schema'
import { batchVariety, handoutVariety } from './handout-variety.server'
import { handouts } from './handouts.schema'
import { requireClubClerk } from './handouts.server'

/**
 * The club's annual report to the authority (§ 26 Abs. 3 KCanG): per variety (cultivar, so packs
 * filled of it count with it) the stock ledger's grams of a calendar year — stock on 1 January,
 * harvested, handed out, destroyed, corrected, stock on 31 December — and from the hand-out
 * records their number and the average THC and CBD (weighted by grams, cancelled hand-outs do
 * not count), with the number of members. One query for the page's downloads: CSV for the
 * authority's spreadsheet, PDF for the file.
 */

function checkedYear(year: number): number {
  const current = berlinYear()
  if (!Number.isInteger(year) || year < 2024 || year > current) {
    throw new InvalidError({ year: annualReportYearMessage }, annualReportYearMessage)
  }
  return year
}

const noStock: VarietyStockFigures = {
  openingMg: 0,
  harvestedMg: 0,
  handedOutMg: 0,
  destroyedMg: 0,
  correctedMg: 0,
  closingMg: 0,
}

/** The club's ledger per variety up to the end of `year` (Berlin time), grams-based products only. */
async function varietyStock(db: Database, organisationId: string, year: number) {
  const start = berlinDayStart(`${year}-01-01`)
  const end = berlinDayStart(`${year + 1}-01-01`)
  const inYear = sql`${stockMovements.createdAt} >= ${start}`
  const total = (filter: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where ${filter}), 0)::text`
  // Withdrawals are negative in the ledger; the report shows them as amounts.
  const withdrawn = (filter: ReturnType<typeof sql>) =>
    sql<string>`coalesce(-sum(${stockMovements.quantity}) filter (where ${filter}), 0)::text`
  const rows = await db
    .select({
      name: batchVariety,
      unit: sql<CannabinoidUnit | null>`min(${products.cannabinoidUnit}::text)`,
      openingMg: total(sql`${stockMovements.createdAt} < ${start}`),
      harvestedMg: total(sql`${inYear} and ${stockMovements.kind} = 'receipt'`),
      handedOutMg: withdrawn(sql`${inYear} and ${stockMovements.kind} in ('hand_out', 'return')`),
      destroyedMg: withdrawn(sql`${inYear} and ${stockMovements.kind} = 'destruction'`),
      correctedMg: total(
        sql`${inYear} and ${stockMovements.kind} not in ('receipt', 'hand_out', 'return', 'destruction')`,
      ),
      closingMg: total(sql`true`),
    })
    .from(stockMovements)
    .innerJoin(batches, eq(batches.id, stockMovements.batchId))
    .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(stockMovements.organisationId, organisationId),
        eq(products.packUnit, 'g'),
        sql`${stockMovements.createdAt} < ${end}`,
      ),
    )
    .groupBy(batchVariety)
  return new Map(
    rows.map((row) => [
      row.name,
      {
        unit: row.unit ?? 'percent',
        figures: {
          openingMg: Number(row.openingMg),
          harvestedMg: Number(row.harvestedMg),
          handedOutMg: Number(row.handedOutMg),
          destroyedMg: Number(row.destroyedMg),
          correctedMg: Number(row.correctedMg),
          closingMg: Number(row.closingMg),
        },
      },
    ]),
  )
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
  const [varieties, [totals], [members], stock] = await inSequence([
    () =>
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
        .innerJoin(
          organisationProducts,
          eq(organisationProducts.id, handouts.organisationProductId),
        )
        .innerJoin(products, eq(products.id, organisationProducts.productId))
        .where(inYear)
        .groupBy(handoutVariety, handouts.cannabinoidUnit)
        .orderBy(asc(handoutVariety)),
    () =>
      db
        .select({
          handouts: sql<number>`count(*)::int`,
          quantityMg: sql<number>`coalesce(sum(${handouts.quantity}), 0)::bigint`,
          membersServed: countDistinct(handouts.customerId),
        })
        .from(handouts)
        .where(inYear),
    () =>
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
    () => varietyStock(db, organisationId, year),
  ])
  const handedOut = varieties.map((row) => ({
    name: row.name,
    unit: row.unit,
    handouts: row.handouts,
    quantityMg: Number(row.quantityMg),
    averageThc: row.averageThc === null ? null : Number(row.averageThc),
    averageCbd: row.averageCbd === null ? null : Number(row.averageCbd),
    ...(stock.get(row.name)?.figures ?? noStock),
  }))
  // Varieties in stock or moved that year without a hand-out count too; empty ones do not.
  const stockOnly = [...stock]
    .filter(
      ([name, { figures }]) =>
        !handedOut.some((row) => row.name === name) &&
        Object.values(figures).some((value) => value !== 0),
    )
    .map(([name, { unit, figures }]) => ({
      name,
      unit,
      handouts: 0,
      quantityMg: 0,
      averageThc: null,
      averageCbd: null,
      ...figures,
    }))
  return {
    year,
    organisationName: clerk.organisation.name,
    varieties: [...handedOut, ...stockOnly].sort((a, b) => a.name.localeCompare(b.name, 'de')),
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

const grams = (mg: number) => formatDecimal(mg / 1000)

export async function annualHandoutReportCsv(actor: Actor, year: number, db: Database) {
  const report = await annualHandoutReport(actor, year, db)
  const content = csvFile(
    [
      'Sorte',
      'Abgaben',
      'Menge (g)',
      'THC Ø',
      'CBD Ø',
      'Einheit',
      'Bestand 1.1. (g)',
      'Geerntet (g)',
      'Abgegeben laut Bestandsbuch (g)',
      'Vernichtet (g)',
      'Korrekturen (g)',
      'Bestand 31.12. (g)',
    ],
    [
      ...report.varieties.map((variety) => [
        variety.name,
        String(variety.handouts),
        grams(variety.quantityMg),
        variety.averageThc === null ? '' : formatDecimal(variety.averageThc),
        variety.averageCbd === null ? '' : formatDecimal(variety.averageCbd),
        variety.unit === 'percent' ? '%' : variety.unit,
        grams(variety.openingMg),
        grams(variety.harvestedMg),
        grams(variety.handedOutMg),
        grams(variety.destroyedMg),
        grams(variety.correctedMg),
        grams(variety.closingMg),
      ]),
      ['Summe', String(report.handouts), grams(report.quantityMg), '', '', ''],
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
  const title = `Jahresbericht ${report.year} (§ 26 Abs. 3 KCanG)`
  const canvas = await DocumentCanvas.create({ title, seller })
  // A report has no address field: it starts right below the letterhead, not on page two.
  canvas.startBelowLetterhead()
  canvas.paragraph(title, { size: 14, bold: true })
  canvas.paragraph(
    `Bestand je Sorte vom 1. Januar bis 31. Dezember ${report.year} laut Bestandsbuch: Anfangsbestand + geerntet − abgegeben − vernichtet ± Korrekturen (auch Abfüllverluste) = Endbestand.`,
    { color: 'grey' },
  )
  canvas.y -= 8
  const stockColumn = { width: contentWidth * 0.135, align: 'right' as const }
  canvas.table(
    [
      { header: 'Sorte', width: contentWidth * 0.19 },
      { header: 'Stand 1.1.', ...stockColumn },
      { header: 'Geerntet', ...stockColumn },
      { header: 'Abgegeben', ...stockColumn },
      { header: 'Vernichtet', ...stockColumn },
      { header: 'Korrektur', ...stockColumn },
      { header: 'Stand 31.12.', ...stockColumn },
    ],
    report.varieties.map((variety) => [
      [variety.name],
      [formatGrams(variety.openingMg)],
      [formatGrams(variety.harvestedMg)],
      [formatGrams(variety.handedOutMg)],
      [formatGrams(variety.destroyedMg)],
      [formatGrams(variety.correctedMg)],
      [formatGrams(variety.closingMg)],
    ]),
  )
  canvas.y -= 16
  canvas.paragraph(
    `Abgaben an Mitglieder laut Abgabedokumentation, ohne stornierte Abgaben. THC und CBD: Mittelwerte der Chargen, gewichtet nach abgegebener Menge.`,
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
