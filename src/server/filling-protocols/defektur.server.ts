import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import {
  defekturDailyPackLimit,
  defekturLimitMessage,
  type PreparationInstructionProduct,
  preparationInstructionSchema,
} from '../../lib/filling-protocols'
import { berlinIsoDate } from '../../lib/format'
import type { Actor, BusinessActor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import { users } from '../db/schema'
import { ConflictError, NotFoundError, parseInput } from '../errors.server'
import { organisationProducts, products } from '../products/products.schema'
import { defekturDayCounts, preparationInstructions } from './filling-protocols.schema'
import { requireFillingClerk } from './filling-protocols.server'

/**
 * Defektur (ADR 064): a pharmacy pre-fills packs under a written, versioned preparation
 * instruction (Herstellungsanweisung, § 7/§ 8 ApBetrO), and without a manufacturing licence at
 * most 100 packs of one product a Berlin calendar day (§ 21 Abs. 2 Nr. 1 AMG). Both rules apply
 * to pharmacies; a club fills its harvest under the KCanG, not the AMG. The product is the bulk
 * listing filled from: every pack size of it is the same medicine.
 */

/** Whether the organisation's fillings are Defektur (pharmacies). */
export const isDefektur = (business: BusinessActor) => business.organisation.category === 'pharmacy'

const instructionNotFoundMessage = 'Dieses Produkt gibt es nicht (mehr).'

// ─── The preparation instruction ────────────────────────────────────────────────────────────

/** The newest version of the product's instruction, or undefined. */
async function currentInstruction(executor: Executor, organisationProductId: string) {
  const [row] = await executor
    .select()
    .from(preparationInstructions)
    .where(eq(preparationInstructions.organisationProductId, organisationProductId))
    .orderBy(desc(preparationInstructions.version))
    .limit(1)
  return row
}

const missingInstructionMessage = (productName: string) =>
  `Für „${productName}“ gibt es keine Herstellungsanweisung: Lege sie unter „Herstellungsanweisungen“ an, bevor du abfüllst (§ 8 ApBetrO).`

/**
 * The organisation's loose flowers that can be filled (not archived, sold by the gram), each
 * with its instruction's versions, newest first.
 */
export async function listPreparationInstructions(
  actor: Actor,
  db: Database,
): Promise<PreparationInstructionProduct[]> {
  const business = requireFillingClerk(actor)
  const organisationId = business.organisation.id
  const listings = await db
    .select({ id: organisationProducts.id, productName: products.name })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.organisationId, organisationId),
        isNull(organisationProducts.archivedAt),
        eq(organisationProducts.salesUnit, 'gram'),
        eq(products.category, 'flower'),
      ),
    )
    .orderBy(asc(products.name), asc(organisationProducts.id))
  const versions = await db
    .select({ instruction: preparationInstructions, createdByName: users.name })
    .from(preparationInstructions)
    .leftJoin(users, eq(users.id, preparationInstructions.createdBy))
    .where(eq(preparationInstructions.organisationId, organisationId))
    .orderBy(desc(preparationInstructions.version))
  return listings.map((listing) => ({
    organisationProductId: listing.id,
    productName: listing.productName,
    versions: versions
      .filter((row) => row.instruction.organisationProductId === listing.id)
      .map(({ instruction, createdByName }) => ({
        id: instruction.id,
        version: instruction.version,
        text: instruction.text,
        createdByName,
        createdAt: instruction.createdAt.toISOString(),
      })),
  }))
}

/**
 * Writes the next version of a product's instruction. The product's row is locked, so two
 * colleagues saving at once get versions n and n + 1; earlier versions stay as they are, and so
 * do the protocols that refer to them.
 */
export async function addPreparationInstruction(
  actor: Actor,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<{ id: string; version: number }> {
  const business = requireFillingClerk(actor)
  const organisationId = business.organisation.id
  const data = parseInput(preparationInstructionSchema, input)
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .where(
        and(
          eq(organisationProducts.id, data.organisationProductId),
          eq(organisationProducts.organisationId, organisationId),
        ),
      )
      .for('update')
    if (!listing) throw new NotFoundError(instructionNotFoundMessage)
    const version = ((await currentInstruction(tx, listing.id))?.version ?? 0) + 1
    const [created] = await tx
      .insert(preparationInstructions)
      .values({
        organisationId,
        organisationProductId: listing.id,
        version,
        text: data.text,
        createdBy: business.user.id,
        createdAt: now,
      })
      .returning({ id: preparationInstructions.id })
    if (!created) throw new Error('preparation instruction was not inserted')
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(business),
      requestId: business.requestId,
      action: 'preparation_instruction.created',
      entity: { type: 'preparation_instruction', id: created.id },
      after: { organisationProductId: listing.id, version, text: data.text },
    })
    return { id: created.id, version }
  })
}

/**
 * What a pharmacy's filling needs before it starts: the product's current instruction (returned;
 * the protocol keeps its version) and room in today's count for the plan — said before anyone
 * weighs, while the hand-over takes the count (`countDefekturPacks`).
 */
export async function defekturStartInstruction(
  tx: Executor,
  organisationId: string,
  bulk: { listing: { id: string }; product: { name: string } },
  unitCount: number,
  now: Date,
) {
  const instruction = await currentInstruction(tx, bulk.listing.id)
  if (!instruction) {
    const message = missingInstructionMessage(bulk.product.name)
    throw new ConflictError(message, { bulkBatchId: message })
  }
  const day = { organisationId, organisationProductId: bulk.listing.id, day: berlinIsoDate(now) }
  const left = await defekturPacksLeft(tx, day)
  if (unitCount > left) {
    const message = defekturLimitMessage(bulk.product.name, left, unitCount)
    throw new ConflictError(message, { unitCount: message })
  }
  return instruction
}

// ─── The daily limit ────────────────────────────────────────────────────────────────────────

interface DayCount {
  organisationId: string
  organisationProductId: string
  /** Berlin calendar day, YYYY-MM-DD. */
  day: string
}

/**
 * Counts `packs` against the product's day in one statement: the upsert adds them only while the
 * sum stays within the limit, and Postgres re-checks that condition on the row as the previous
 * writer left it, so parallel hand-overs queue on the row and never pass 100 together. Refuses
 * (409) naming what is left today.
 */
export async function countDefekturPacks(
  tx: Executor,
  count: DayCount,
  packs: number,
  productName: string,
): Promise<void> {
  const counted =
    packs <= defekturDailyPackLimit
      ? await tx
          .insert(defekturDayCounts)
          .values({ ...count, packs })
          .onConflictDoUpdate({
            target: [defekturDayCounts.organisationProductId, defekturDayCounts.day],
            set: { packs: sql`${defekturDayCounts.packs} + excluded.packs` },
            setWhere: sql`${defekturDayCounts.packs} + excluded.packs <= ${defekturDailyPackLimit}`,
          })
          .returning({ packs: defekturDayCounts.packs })
      : []
  if (counted.length > 0) return
  const message = defekturLimitMessage(productName, await defekturPacksLeft(tx, count), packs)
  throw new ConflictError(message)
}

/** How many packs of the product may still be pre-filled on the day. */
async function defekturPacksLeft(tx: Executor, count: DayCount): Promise<number> {
  const [row] = await tx
    .select({ packs: defekturDayCounts.packs })
    .from(defekturDayCounts)
    .where(
      and(
        eq(defekturDayCounts.organisationProductId, count.organisationProductId),
        eq(defekturDayCounts.day, count.day),
      ),
    )
  return defekturDailyPackLimit - (row?.packs ?? 0)
}

/**
 * Takes a cancelled hand-over's packs off the day they were counted on (never below zero: a
 * protocol handed over before the count existed was never counted).
 */
export async function releaseDefekturPacks(tx: Executor, count: DayCount, packs: number) {
  await tx
    .update(defekturDayCounts)
    .set({ packs: sql`greatest(${defekturDayCounts.packs} - ${packs}, 0)` })
    .where(
      and(
        eq(defekturDayCounts.organisationProductId, count.organisationProductId),
        eq(defekturDayCounts.day, count.day),
      ),
    )
}
