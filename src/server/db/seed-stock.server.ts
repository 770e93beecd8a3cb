import { createHash } from 'node:crypto'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import { numberCounters } from '../counters/counters.schema'
import { storedFiles } from '../db/core.schema'
import { organisationProducts, products } from '../products/products.schema'
import { batches, stockMovements } from '../stock/stock.schema'
import type { Executor } from './client.server'

/**
 * The demo stock: Sonnen-Apotheke holds batches of most of what it sells — most released, some
 * still in quarantine, one blocked, one expiring within 30 days, one already expired, one
 * product below its low-stock threshold; Nordhanf holds released stock of everything it sells;
 * Grüne Ecke holds a harvest of each of its varieties. Written as ledger rows (each batch's
 * balance equals the sum of its movements), with fixed ids so a second run changes nothing.
 * Dates count from the day of seeding, so "expires soon" stays true on a fresh demo.
 */

export interface DemoStockOwners {
  pharmacy: string
  marketPharmacy: string
  wholesaler: string
  club: string
  userPharmacyOwner: string
  userMarketPharmacyOwner: string
  userWholesalerOwner: string
  userClubOwner: string
}

const demoId = (serial: number) => `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`

/** The demo certificates of analysis (stored files), one per organisation with stock. */
export const demoCertificateIds = {
  pharmacy: demoId(6901),
  wholesaler: demoId(6902),
  club: demoId(6903),
  marketPharmacy: demoId(6904),
} as const
const day = 86_400_000
const daysFromNow = (days: number) => new Date(Date.now() + days * day)
const dateIn = (days: number) => berlinIsoDate(daysFromNow(days))

/** A one-page PDF with a few lines of Helvetica: the demo certificates of analysis. */
export function demoCertificatePdf(lines: readonly string[]): Buffer {
  // WinAnsi covers German umlauts; PDF strings need (, ) and \ escaped.
  const pdfString = (line: string) => line.replace(/[()\\]/g, (character) => `\\${character}`)
  const text = lines
    .map(
      (line, index) =>
        `BT /F1 ${index === 0 ? 16 : 11} Tf 56 ${780 - index * 22} Td (${pdfString(line)}) Tj ET`,
    )
    .join('\n')
  const content = Buffer.from(text, 'latin1')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

interface Listing {
  id: string
  name: string
  category: string
  baseUnitsPerSalesUnit: number
  thcContent: number | null
  cbdContent: number | null
  lowStockThreshold: number | null
}

/**
 * The organisation's demo listings (fixed ids), in id order: the order decides which batch each
 * gets, so listings added later (a receipt's take-over, a user's own) never shift the demo stock.
 */
async function listingsOf(tx: Executor, organisationId: string): Promise<Listing[]> {
  return tx
    .select({
      id: organisationProducts.id,
      name: products.name,
      category: products.category,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      thcContent: products.thcContent,
      cbdContent: products.cbdContent,
      lowStockThreshold: organisationProducts.lowStockThreshold,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.organisationId, organisationId),
        isNull(organisationProducts.archivedAt),
        sql`${organisationProducts.id}::text like '00000000-0000-4000-8000-%'`,
      ),
    )
    .orderBy(asc(organisationProducts.id))
}

interface DemoBatch {
  serial: number
  organisationId: string
  listing: Listing
  batchNumber: string
  /** Sales units received. */
  salesUnits: number
  status: 'quarantine' | 'released' | 'blocked'
  receivedDaysAgo: number
  expiryDate: string | null
  harvestDate?: string
  origin?: 'purchase' | 'harvest'
  certificate: string | null
  testNumber?: string
  blockedReason?: string
  /** A stock count after receipt: signed sales units and why. */
  correction?: { salesUnits: number; reason: string }
  receivedBy: string
}

/** A measured content close to the nominal one: batches differ a little from the label. */
const measured = (nominal: number | null, serial: number) =>
  nominal === null ? null : Math.round(nominal * (0.94 + (serial % 7) * 0.02) * 10) / 10

function batchRows(batch: DemoBatch) {
  const perUnit = batch.listing.baseUnitsPerSalesUnit
  const received = batch.salesUnits * perUnit
  const receivedAt = daysFromNow(-batch.receivedDaysAgo)
  const correction = batch.correction
    ? { quantity: batch.correction.salesUnits * perUnit, reason: batch.correction.reason }
    : null
  const balance = received + (correction?.quantity ?? 0)
  const releasedAt = batch.status === 'quarantine' ? null : new Date(receivedAt.getTime() + day)
  const batchId = demoId(batch.serial)
  const movements: (typeof stockMovements.$inferInsert)[] = [
    {
      id: demoId(batch.serial + 1000),
      organisationId: batch.organisationId,
      batchId,
      kind: 'receipt',
      quantity: received,
      balanceAfter: received,
      actorKind: 'business_user',
      actorId: batch.receivedBy,
      createdAt: receivedAt,
    },
  ]
  if (correction) {
    movements.push({
      id: demoId(batch.serial + 2000),
      organisationId: batch.organisationId,
      batchId,
      kind: 'correction',
      quantity: correction.quantity,
      balanceAfter: balance,
      reason: correction.reason,
      actorKind: 'business_user',
      actorId: batch.receivedBy,
      createdAt: new Date(receivedAt.getTime() + 3 * day),
    })
  }
  const row: typeof batches.$inferInsert = {
    id: batchId,
    organisationId: batch.organisationId,
    organisationProductId: batch.listing.id,
    origin: batch.origin ?? 'purchase',
    batchNumber: batch.batchNumber,
    expiryDate: batch.expiryDate,
    harvestDate: batch.harvestDate ?? null,
    thcContent: measured(batch.listing.thcContent, batch.serial),
    cbdContent: measured(batch.listing.cbdContent, batch.serial),
    coaFileId: batch.certificate,
    status: batch.status,
    testNumber: batch.status === 'quarantine' ? null : (batch.testNumber ?? null),
    releasedAt,
    releasedBy: releasedAt ? batch.receivedBy : null,
    blockedAt: batch.status === 'blocked' ? daysFromNow(-2) : null,
    blockedBy: batch.status === 'blocked' ? batch.receivedBy : null,
    blockedReason: batch.blockedReason ?? null,
    balance,
    createdBy: batch.receivedBy,
    createdAt: receivedAt,
  }
  return { row, movements }
}

async function demoCertificate(
  tx: Executor,
  id: string,
  organisationId: string,
  createdBy: string,
  lines: string[],
): Promise<string> {
  const data = demoCertificatePdf(lines)
  await tx
    .insert(storedFiles)
    .values({
      id,
      organisationId,
      purpose: 'batch_certificate',
      contentType: 'application/pdf',
      byteSize: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      createdBy,
    })
    .onConflictDoNothing()
  return id
}

/** Sonnen-Apotheke's shelves, with every state a pharmacist meets. */
function pharmacyBatches(owners: DemoStockOwners, listings: Listing[], certificate: string) {
  const year = dateIn(0).slice(0, 4)
  const special: Record<number, Partial<DemoBatch>> = {
    // A fresh delivery waiting for its identity test, beside released stock of the same product.
    1: { status: 'quarantine', testNumber: undefined, receivedDaysAgo: 1 },
    2: { status: 'quarantine', receivedDaysAgo: 0, certificate: null },
    3: { status: 'blocked', blockedReason: 'Chargenrückruf des Herstellers (Schimmelbefall)' },
    4: { expiryDate: dateIn(21) },
    5: { expiryDate: dateIn(-10), salesUnits: 12 },
  }
  const result: DemoBatch[] = []
  listings.forEach((listing, index) => {
    // Two products have no stock at all: sold out, to be ordered.
    if (index === 9 || index === 16) return
    const byGram = listing.baseUnitsPerSalesUnit === 1000 && listing.category === 'flower'
    const belowThreshold = listing.lowStockThreshold !== null && index === 8
    result.push({
      serial: 6001 + index,
      organisationId: owners.pharmacy,
      listing,
      batchNumber: `${listing.name.slice(0, 3).toUpperCase()}${year.slice(2)}${String(4100 + index * 37)}`,
      salesUnits: belowThreshold
        ? Math.max(1, Math.floor((listing.lowStockThreshold ?? 2) / 3))
        : byGram
          ? 80 + ((index * 23) % 120)
          : 6 + ((index * 5) % 14),
      status: 'released',
      receivedDaysAgo: 20 + index,
      expiryDate: dateIn(200 + index * 11),
      certificate,
      testNumber: `PR-${year}-${String(101 + index).padStart(4, '0')}`,
      correction:
        index === 0
          ? { salesUnits: -1, reason: 'Inventur: Wiegedifferenz nach Abfüllung' }
          : undefined,
      receivedBy: owners.userPharmacyOwner,
      ...special[index],
    })
  })
  // A second batch of the first product: released, expiring after the quarantined one.
  const [first] = listings
  if (first) {
    result.push({
      serial: 6050,
      organisationId: owners.pharmacy,
      listing: first,
      batchNumber: `NOR${year.slice(2)}3987`,
      salesUnits: 60,
      status: 'released',
      receivedDaysAgo: 45,
      expiryDate: dateIn(120),
      certificate,
      testNumber: `PR-${year}-0099`,
      receivedBy: owners.userPharmacyOwner,
    })
  }
  return result
}

/** Apotheke am Markt: released stock of its range, one product sold out, one running low. */
function marketPharmacyBatches(owners: DemoStockOwners, listings: Listing[], certificate: string) {
  const year = dateIn(0).slice(0, 4)
  return listings.flatMap((listing, index): DemoBatch[] => {
    if (index === 5) return []
    const byGram = listing.baseUnitsPerSalesUnit === 1000 && listing.category === 'flower'
    return [
      {
        serial: 6301 + index,
        organisationId: owners.marketPharmacy,
        listing,
        batchNumber: `AM${year.slice(2)}${String(5200 + index * 41)}`,
        salesUnits: index === 2 ? 12 : byGram ? 60 + ((index * 17) % 90) : 4 + ((index * 3) % 9),
        status: 'released',
        receivedDaysAgo: 10 + index,
        expiryDate: dateIn(180 + index * 13),
        certificate,
        testNumber: `PM-${year}-${String(201 + index).padStart(4, '0')}`,
        receivedBy: owners.userMarketPharmacyOwner,
      },
    ]
  })
}

/** Nordhanf: released stock of everything it sells, received straight into `released`. */
function wholesalerBatches(owners: DemoStockOwners, listings: Listing[], certificate: string) {
  const year = dateIn(0).slice(0, 4)
  return listings.map(
    (listing, index): DemoBatch => ({
      serial: 6101 + index,
      organisationId: owners.wholesaler,
      listing,
      batchNumber: `NH-${year.slice(2)}-${String(7000 + index * 13)}`,
      salesUnits: listing.baseUnitsPerSalesUnit >= 100_000 ? 25 + index : 150 + index * 10,
      status: 'released',
      receivedDaysAgo: 30 + index,
      expiryDate: dateIn(300 + index * 7),
      certificate,
      receivedBy: owners.userWholesalerOwner,
    }),
  )
}

/** Grüne Ecke: one harvest per variety, numbered ER-YYYY-NNNNN; the newest waits for the lab. */
function clubBatches(owners: DemoStockOwners, listings: Listing[], certificate: string) {
  return listings.map((listing, index): DemoBatch => {
    const harvestDate = dateIn(-70 + index * 9)
    const newest = index === listings.length - 1
    return {
      serial: 6201 + index,
      organisationId: owners.club,
      listing,
      batchNumber: '',
      salesUnits: 900 + index * 150,
      status: newest ? 'quarantine' : 'released',
      receivedDaysAgo: 60 - index * 9,
      // Dried flowers keep for about a year; a harvest without one is never handed out (KCanG § 21).
      expiryDate: dateIn(295 + index * 9),
      harvestDate,
      origin: 'harvest',
      certificate: newest ? null : certificate,
      testNumber: `LAB-${harvestDate.slice(0, 4)}-${String(31 + index).padStart(3, '0')}`,
      receivedBy: owners.userClubOwner,
    }
  })
}

/** Harvest numbers count per harvest year, as `recordHarvest` does; the counters continue them. */
function numberHarvests(harvests: DemoBatch[]) {
  const lastByYear = new Map<number, number>()
  for (const harvest of harvests) {
    const year = Number(harvest.harvestDate?.slice(0, 4))
    const next = (lastByYear.get(year) ?? 0) + 1
    lastByYear.set(year, next)
    harvest.batchNumber = `ER-${year}-${String(next).padStart(5, '0')}`
  }
  return lastByYear
}

export async function seedDemoStock(tx: Executor, owners: DemoStockOwners): Promise<void> {
  // One after another: the transaction is one connection, which runs one query at a time.
  const pharmacyCertificate = await demoCertificate(
    tx,
    demoCertificateIds.pharmacy,
    owners.pharmacy,
    owners.userPharmacyOwner,
    [
      'Analysezertifikat (Demo)',
      'Sonnen-Apotheke, Wareneingangsprüfung',
      'THC- und CBD-Gehalt gemäß Monographie Cannabisblüten (DAB)',
      'Mikrobiologie, Schwermetalle, Pestizide: konform',
      'Dieses Dokument ist ein Beispiel der Demo-Daten.',
    ],
  )
  const wholesalerCertificate = await demoCertificate(
    tx,
    demoCertificateIds.wholesaler,
    owners.wholesaler,
    owners.userWholesalerOwner,
    [
      'Certificate of Analysis (Demo)',
      'Nordhanf Großhandel GmbH, Freigabe nach § 52a AMG',
      'Cannabinoid profile by HPLC; microbiology and heavy metals conform',
      'Dieses Dokument ist ein Beispiel der Demo-Daten.',
    ],
  )
  const clubCertificate = await demoCertificate(
    tx,
    demoCertificateIds.club,
    owners.club,
    owners.userClubOwner,
    [
      'Laborbericht (Demo)',
      'Grüne Ecke e.V., Ernteanalyse nach KCanG',
      'THC- und CBD-Gehalt der getrockneten Blüten',
      'Dieses Dokument ist ein Beispiel der Demo-Daten.',
    ],
  )

  const marketPharmacyCertificate = await demoCertificate(
    tx,
    demoCertificateIds.marketPharmacy,
    owners.marketPharmacy,
    owners.userMarketPharmacyOwner,
    [
      'Analysezertifikat (Demo)',
      'Apotheke am Markt, Wareneingangsprüfung',
      'THC- und CBD-Gehalt gemäß Monographie Cannabisblüten (DAB)',
      'Dieses Dokument ist ein Beispiel der Demo-Daten.',
    ],
  )
  const harvests = clubBatches(owners, await listingsOf(tx, owners.club), clubCertificate)
  const lastHarvestNumbers = numberHarvests(harvests)
  const all = [
    ...pharmacyBatches(owners, await listingsOf(tx, owners.pharmacy), pharmacyCertificate),
    ...marketPharmacyBatches(
      owners,
      await listingsOf(tx, owners.marketPharmacy),
      marketPharmacyCertificate,
    ),
    ...wholesalerBatches(owners, await listingsOf(tx, owners.wholesaler), wholesalerCertificate),
    ...harvests,
  ].map(batchRows)
  await tx
    .insert(batches)
    .values(all.map(({ row }) => row))
    .onConflictDoNothing()
  await tx
    .insert(stockMovements)
    .values(all.flatMap(({ movements }) => movements))
    .onConflictDoNothing()
  for (const [year, lastValue] of lastHarvestNumbers) {
    await tx
      .insert(numberCounters)
      .values({ organisationId: owners.club, series: 'harvest', year, lastValue })
      .onConflictDoNothing()
  }
}
