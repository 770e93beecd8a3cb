import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type FillingBulkBatchOption,
  type FillingPackChoice,
  type FillingProtocolDetail,
  type FillingProtocolList,
  type FillingProtocolListSearch,
  fillingTotals,
  fourEyesMessage,
  startFillingSchema,
} from '../../lib/filling-protocols'
import { berlinIsoDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { mayTakePharmacistStep, pharmacistOnlyMessages } from '../../lib/organisation'
import { formatPackSize } from '../../lib/products'
import { type Actor, type BusinessActor, requireRole } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { organisations, users } from '../db/schema'
import { ForbiddenError, NotFoundError, parseInput } from '../errors.server'
import { listPage, searchCondition } from '../list-query.server'
import { organisationProducts, products } from '../products/products.schema'
import { batches } from '../stock/stock.schema'
import {
  availableWeighedBatches,
  batchNotFoundMessage,
  toLockedBatch,
} from '../stock/stock-ledger.server'
import { fillingProtocols, fillingUnits, preparationInstructions } from './filling-protocols.schema'

/**
 * Filling (Abfüllung) for pharmacies and clubs, read: the bulk batches that can be filled, what
 * their units may become, the organisation's protocols and one with its units. What starts,
 * weighs, confirms and cancels a filling is in `filling-protocol-transitions.server.ts`. Owner and
 * staff only; every query is scoped by the organisation.
 */

export const fillingProtocolNotFoundMessage = 'Dieses Abfüllprotokoll gibt es nicht (mehr).'

type OrganisationCategory = BusinessActor['organisation']['category']

/** Pharmacies repackage bulk flowers for patients; clubs their harvest for members. */
const fillingCategories: readonly OrganisationCategory[] = ['pharmacy', 'club']

/** Owner or staff of a pharmacy or club; everyone else gets 403. */
export function requireFillingClerk(actor: Actor): BusinessActor {
  const business = requireRole(actor, 'owner', 'staff')
  if (!fillingCategories.includes(business.organisation.category)) throw new ForbiddenError()
  return business
}

// ─── The bulk batch ──────────────────────────────────────────────────────────────────────────

type ProductRow = typeof products.$inferSelect

/** The flowers a bulk batch holds are filled as this variety: the cultivar, or the name. */
export const varietyOf = (product: ProductRow) => product.cultivar?.trim() || product.name

/** "Salbeistern, 5 g": the pack product a filling creates when none was chosen. */
export const packProductNameOf = (product: ProductRow, targetNetMg: number) =>
  `${varietyOf(product)}, ${formatPackSize(targetNetMg, 'g')}`

/** A batch of the organisation with its product, not locked; 404 for anyone else's. */
export async function readBulk(executor: Executor, organisationId: string, batchId: string) {
  const [row] = await executor
    .select({ batch: batches, product: products, listing: organisationProducts })
    .from(batches)
    .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(and(eq(batches.id, batchId), eq(batches.organisationId, organisationId)))
  if (!row) throw new NotFoundError(batchNotFoundMessage)
  const batch = toLockedBatch({
    batch: row.batch,
    packUnit: row.product.packUnit,
    productName: row.product.name,
  })
  return { batch, facts: row }
}

/**
 * The bulk batches that can be filled now: released, unexpired, with stock no reservation holds,
 * flowers kept by the gram and not filled themselves; by product, first-expiring first.
 */
export async function listFillingBulkBatches(
  actor: Actor,
  db: Database,
  now: Date = new Date(),
): Promise<FillingBulkBatchOption[]> {
  const business = requireFillingClerk(actor)
  // Loose bulk flowers sold by the gram; a filled pack batch is never filled again.
  const rows = await availableWeighedBatches(
    db,
    business.organisation.id,
    berlinIsoDate(now),
    and(
      isNull(batches.filledFromBatchId),
      eq(products.category, 'flower'),
      eq(organisationProducts.salesUnit, 'gram'),
    ),
  )
  return rows.map(({ batch, productName, cannabinoidUnit, availableMg }) => ({
    batchId: batch.id,
    batchNumber: batch.batchNumber,
    productName,
    expiryDate: batch.expiryDate,
    harvestDate: batch.harvestDate,
    thcContent: batch.thcContent,
    cbdContent: batch.cbdContent,
    cannabinoidUnit,
    availableMg,
  }))
}

// ─── The pack product ────────────────────────────────────────────────────────────────────────

/**
 * The organisation's listings units of `variety` and `targetNetMg` can be booked into: flowers in
 * grams, sold per pack of exactly that net weight, of the same variety, not archived.
 */
export async function packListingsFor(
  executor: Executor,
  organisationId: string,
  variety: string,
  targetNetMg: number,
  listingId?: string,
) {
  return executor
    .select({
      listingId: organisationProducts.id,
      productName: products.name,
      productOrganisationId: products.organisationId,
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.organisationId, organisationId),
        listingId ? eq(organisationProducts.id, listingId) : undefined,
        isNull(organisationProducts.archivedAt),
        eq(organisationProducts.salesUnit, 'pack'),
        eq(organisationProducts.baseUnitsPerSalesUnit, targetNetMg),
        eq(products.category, 'flower'),
        eq(products.packUnit, 'g'),
        sql`lower(trim(${products.cultivar})) = lower(${variety})`,
      ),
    )
    .orderBy(asc(products.name), asc(organisationProducts.id))
}

/** What units of a bulk batch at `targetNetMg` may become: the fitting listings, or a new product. */
export async function getFillingPackChoice(
  actor: Actor,
  bulkBatchId: string,
  targetNetMg: number,
  db: Database,
): Promise<FillingPackChoice> {
  const business = requireFillingClerk(actor)
  const organisationId = business.organisation.id
  const { targetNetMg: target } = parseInput(startFillingSchema.pick({ targetNetMg: true }), {
    targetNetMg,
  })
  if (!isUuid(bulkBatchId)) throw new NotFoundError(batchNotFoundMessage)
  const { facts } = await readBulk(db, organisationId, bulkBatchId)
  const rows = await packListingsFor(db, organisationId, varietyOf(facts.product), target)
  const newProductName = packProductNameOf(facts.product, target)
  return {
    listings: rows.map(({ listingId, productName }) => ({ listingId, productName })),
    newProductName,
    newProductListed: rows.some(
      (row) => row.productOrganisationId === organisationId && row.productName === newProductName,
    ),
  }
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

/** A protocol's units in their order. */
export const unitsOf = (executor: Executor, protocolId: string) =>
  executor
    .select()
    .from(fillingUnits)
    .where(eq(fillingUnits.protocolId, protocolId))
    .orderBy(asc(fillingUnits.position))

const filledBy = alias(users, 'filled_by_user')
const confirmedBy = alias(users, 'confirmed_by_user')
const cancelledBy = alias(users, 'cancelled_by_user')

/** The organisation's fillings, newest first by default; searched by number, product and batch. */
export async function listFillingProtocols(
  actor: Actor,
  query: FillingProtocolListSearch,
  db: Database,
): Promise<FillingProtocolList> {
  const business = requireFillingClerk(actor)
  const select = db
    .select({ protocol: fillingProtocols, filledByName: filledBy.name })
    .from(fillingProtocols)
    .leftJoin(filledBy, eq(filledBy.id, fillingProtocols.filledBy))
    .where(
      and(
        eq(fillingProtocols.organisationId, business.organisation.id),
        query.status && eq(fillingProtocols.status, query.status),
        searchCondition(query.q, [
          fillingProtocols.number,
          fillingProtocols.bulkProductName,
          fillingProtocols.bulkBatchNumber,
          fillingProtocols.packProductName,
        ]),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      startedAt: fillingProtocols.startedAt,
      number: fillingProtocols.number,
      product: fillingProtocols.bulkProductName,
      status: fillingProtocols.status,
    },
    tiebreaker: fillingProtocols.id,
  })
  return {
    ...page,
    items: page.items.map(({ protocol, filledByName }) => ({
      id: protocol.id,
      number: protocol.number,
      status: protocol.status,
      startedAt: protocol.startedAt.toISOString(),
      bulkProductName: protocol.bulkProductName,
      bulkBatchNumber: protocol.bulkBatchNumber,
      packProductName: protocol.packProductName,
      unitCount: protocol.unitCount,
      targetNetMg: protocol.targetNetMg,
      filledByName,
    })),
  }
}

const filledBatch = alias(batches, 'filled_batch')

/** One filling of the organisation with its units, and what the viewer may do with it now. */
export async function getFillingProtocol(
  actor: Actor,
  id: string,
  db: Database,
): Promise<FillingProtocolDetail> {
  const business = requireFillingClerk(actor)
  if (!isUuid(id)) throw new NotFoundError(fillingProtocolNotFoundMessage)
  const [row] = await db
    .select({
      protocol: fillingProtocols,
      organisationName: organisations.name,
      bulk: {
        expiryDate: batches.expiryDate,
        harvestDate: batches.harvestDate,
        testNumber: batches.testNumber,
        // A confirmed record shows the values it was confirmed with (ADR 075).
        thcContent: sql<
          number | null
        >`(case when ${fillingProtocols.status} = 'confirmed' then ${fillingProtocols.bulkThcContent} else ${batches.thcContent} end)::float8`,
        cbdContent: sql<
          number | null
        >`(case when ${fillingProtocols.status} = 'confirmed' then ${fillingProtocols.bulkCbdContent} else ${batches.cbdContent} end)::float8`,
      },
      cannabinoidUnit: products.cannabinoidUnit,
      filledBatchNumber: filledBatch.batchNumber,
      filledByName: filledBy.name,
      confirmedByName: confirmedBy.name,
      cancelledByName: cancelledBy.name,
      instruction: {
        version: preparationInstructions.version,
        text: preparationInstructions.text,
        createdAt: preparationInstructions.createdAt,
      },
    })
    .from(fillingProtocols)
    .innerJoin(organisations, eq(organisations.id, fillingProtocols.organisationId))
    .innerJoin(batches, eq(batches.id, fillingProtocols.bulkBatchId))
    .innerJoin(organisationProducts, eq(organisationProducts.id, batches.organisationProductId))
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(filledBatch, eq(filledBatch.id, fillingProtocols.filledBatchId))
    .leftJoin(filledBy, eq(filledBy.id, fillingProtocols.filledBy))
    .leftJoin(confirmedBy, eq(confirmedBy.id, fillingProtocols.confirmedBy))
    .leftJoin(cancelledBy, eq(cancelledBy.id, fillingProtocols.cancelledBy))
    .leftJoin(
      preparationInstructions,
      eq(preparationInstructions.id, fillingProtocols.instructionId),
    )
    .where(
      and(
        eq(fillingProtocols.id, id),
        eq(fillingProtocols.organisationId, business.organisation.id),
      ),
    )
  if (!row) throw new NotFoundError(fillingProtocolNotFoundMessage)
  const { protocol } = row
  const units = (await unitsOf(db, protocol.id)).map((unit) => ({
    position: unit.position,
    grossMg: unit.grossMg,
    tareMg: unit.tareMg,
    netMg: unit.netMg,
    deviationReason: unit.deviationReason,
  }))
  const { netTotalMg, lossMg } = fillingTotals(units, protocol.withdrawnMg)
  const filler = protocol.filledBy === business.user.id
  const pharmacist = mayTakePharmacistStep(
    business.organisation.category,
    business.user.qualification,
  )
  const checking = protocol.status === 'submitted'
  const open = protocol.status === 'draft' || protocol.status === 'submitted'
  return {
    id: protocol.id,
    number: protocol.number,
    status: protocol.status,
    organisationName: row.organisationName,
    unitCount: protocol.unitCount,
    targetNetMg: protocol.targetNetMg,
    toleranceBasisPoints: protocol.toleranceBasisPoints,
    bulk: {
      batchId: protocol.bulkBatchId,
      batchNumber: protocol.bulkBatchNumber,
      productName: protocol.bulkProductName,
      ...row.bulk,
      cannabinoidUnit: row.cannabinoidUnit,
    },
    pack: { listingId: protocol.packListingId, productName: protocol.packProductName },
    units,
    withdrawnMg: protocol.withdrawnMg,
    lossReason: protocol.lossReason,
    netTotalMg,
    lossMg,
    filledByName: row.filledByName,
    startedAt: protocol.startedAt.toISOString(),
    submittedAt: protocol.submittedAt?.toISOString() ?? null,
    confirmedByName: row.confirmedByName,
    confirmedAt: protocol.confirmedAt?.toISOString() ?? null,
    filledBatch:
      protocol.filledBatchId && row.filledBatchNumber
        ? { id: protocol.filledBatchId, batchNumber: row.filledBatchNumber }
        : null,
    cancelledByName: row.cancelledByName,
    cancelledAt: protocol.cancelledAt?.toISOString() ?? null,
    cancelReason: protocol.cancelReason,
    instruction: row.instruction
      ? { ...row.instruction, createdAt: row.instruction.createdAt.toISOString() }
      : null,
    testRecord: {
      appearanceChecked: protocol.appearanceChecked,
      labellingChecked: protocol.labellingChecked,
      note: protocol.checkNote,
    },
    actions: {
      record: protocol.status === 'draft' && filler,
      confirm: checking && !filler && pharmacist,
      cancel: open,
    },
    fourEyesNote: !checking
      ? null
      : filler
        ? fourEyesMessage
        : pharmacist
          ? null
          : pharmacistOnlyMessages.fillingConfirmation,
  }
}
