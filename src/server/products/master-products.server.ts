import { isDeepStrictEqual } from 'node:util'
import { and, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm'
import { isUuid } from '../../lib/ids'
import type { ListResult } from '../../lib/list-query'
import {
  masterProductSaveSchema,
  masterProductUpdateSchema,
} from '../../lib/master-product-schemas'
import {
  type MasterProductDetail,
  type MasterProductHistoryEntry,
  masterProductFieldLabels,
  staleMasterProductMessage,
} from '../../lib/master-products'
import type { MasterProduct } from '../../lib/product-schemas'
import type { MasterProductListSearch, MasterProductRow } from '../../lib/products'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  parseInput,
  violatesUnique,
} from '../errors.server'
import { isStoredFileOf, storePackPhotoRendition } from '../files/file-store.server'
import { listPage } from '../list-query.server'
import {
  auditedProductFields,
  masterProductAudit,
  productColumns,
  productFactsOf,
} from './product-facts.server'
import { readProductHistory } from './product-history.server'
import { productSearchCondition } from './product-search.server'
import { organisationProducts, products } from './products.schema'

/**
 * The platform's master product database: every medical cannabis product on the German market,
 * kept by platform admins, picked from by every selling organisation. Master products are the
 * rows of `products` without an organisation; every query here says so.
 */

export const isMaster = isNull(products.organisationId)

export const masterProductNotFoundMessage = 'Dieses Produkt gibt es in der Produktdatenbank nicht.'
export const duplicatePznMessage = 'Diese PZN ist in der Produktdatenbank schon vergeben.'
export const unknownImageMessage = 'Das Bild wurde nicht gefunden. Bitte lade es noch einmal hoch.'

type ProductRow = typeof products.$inferSelect

// ─── List ───────────────────────────────────────────────────────────────────────────────────

export async function listMasterProducts(
  actor: Actor,
  query: MasterProductListSearch,
  db: Database,
): Promise<ListResult<MasterProductRow>> {
  requireRole(actor, 'admin')
  const select = db
    .select({
      id: products.id,
      pzn: products.pzn,
      name: products.name,
      manufacturer: products.manufacturer,
      brand: products.brand,
      category: products.category,
      cultivar: products.cultivar,
      thcContent: products.thcContent,
      cbdContent: products.cbdContent,
      cannabinoidUnit: products.cannabinoidUnit,
      irradiated: products.irradiated,
      packBaseUnits: products.packBaseUnits,
      packUnit: products.packUnit,
      status: products.status,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(
      and(
        isMaster,
        productSearchCondition(query.q),
        query.category && eq(products.category, query.category),
        query.status && eq(products.status, query.status),
        query.irradiated && eq(products.irradiated, query.irradiated === 'yes'),
        query.manufacturer !== undefined
          ? eq(products.manufacturer, query.manufacturer)
          : undefined,
        query.thcMin !== undefined ? gte(products.thcContent, query.thcMin) : undefined,
        query.thcMax !== undefined ? lte(products.thcContent, query.thcMax) : undefined,
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      name: products.name,
      pzn: products.pzn,
      manufacturer: products.manufacturer,
      category: products.category,
      thc: products.thcContent,
      updatedAt: products.updatedAt,
    },
    tiebreaker: products.id,
  })
  return {
    ...page,
    items: page.items.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
  }
}

const germanOrder = new Intl.Collator('de')

/**
 * Every manufacturer of the master database, once, in German alphabetical order (Ö with O,
 * whatever the database's collation): the list's filter options.
 */
export async function listManufacturers(actor: Actor, db: Database): Promise<string[]> {
  requireRole(actor, 'admin')
  const rows = await db
    .selectDistinct({ manufacturer: products.manufacturer })
    .from(products)
    .where(isMaster)
  return rows.map((row) => row.manufacturer).sort(germanOrder.compare)
}

// ─── Detail and history ─────────────────────────────────────────────────────────────────────

export const masterProductOf = (row: ProductRow): MasterProduct => ({
  ...productFactsOf(row),
  status: row.status,
  imageFileId: row.imageFileId,
  imageIsPackPhoto: row.imageIsPackPhoto,
})

async function findMasterProduct(executor: Executor, id: string): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await executor
    .select()
    .from(products)
    .where(and(eq(products.id, id), isMaster))
  return row
}

export async function getMasterProduct(
  actor: Actor,
  id: string,
  db: Database,
): Promise<MasterProductDetail> {
  requireRole(actor, 'admin')
  const row = await findMasterProduct(db, id)
  if (!row) throw new NotFoundError(masterProductNotFoundMessage)
  const [listings] = await db
    .select({
      active: sql<number>`count(*) filter (where ${organisationProducts.archivedAt} is null)::int`,
      archived: sql<number>`count(*) filter (where ${organisationProducts.archivedAt} is not null)::int`,
    })
    .from(organisationProducts)
    .where(eq(organisationProducts.productId, row.id))
  return {
    id: row.id,
    product: masterProductOf(row),
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    activeListings: listings?.active ?? 0,
    archivedListings: listings?.archived ?? 0,
  }
}

/** The form's order of the fields, for the history and the import's field changes. */
export const masterProductFieldOrder = Object.keys(masterProductFieldLabels)

/** What happened to a master product, newest first: who, when, which fields from what to what. */
export async function listMasterProductHistory(
  actor: Actor,
  id: string,
  db: Database,
): Promise<MasterProductHistoryEntry[]> {
  requireRole(actor, 'admin')
  if (!(await findMasterProduct(db, id))) throw new NotFoundError(masterProductNotFoundMessage)
  return readProductHistory(
    db,
    { type: masterProductAudit.entityType, id },
    { [masterProductAudit.created]: 'created', [masterProductAudit.updated]: 'updated' } as const,
    masterProductFieldOrder,
  )
}

// ─── Create and update ──────────────────────────────────────────────────────────────────────

/** The unique index that keeps a PZN once in the master database (products.schema.ts). */
const masterPznIndex = 'products_master_pzn_unique'

async function duplicatePznError(
  executor: Executor,
  pzn: string,
  exceptId: string | null,
): Promise<ConflictError | null> {
  const [existing] = await executor
    .select({ id: products.id, name: products.name, manufacturer: products.manufacturer })
    .from(products)
    .where(and(isMaster, eq(products.pzn, pzn), exceptId ? ne(products.id, exceptId) : undefined))
  if (!existing) return null
  return new ConflictError(duplicatePznMessage, {
    pzn: `Diese PZN hat schon „${existing.name}“ von ${existing.manufacturer}.`,
  })
}

/**
 * Runs a write that may store `pzn`. A PZN already taken is refused before writing; two saves of
 * the same new PZN at once both pass that check, and the unique index refuses the later one —
 * answered with the same field error.
 */
async function withFreePzn<T>(
  db: Database,
  pzn: string | null,
  exceptId: string | null,
  write: () => Promise<T>,
): Promise<T> {
  if (pzn) {
    const taken = await duplicatePznError(db, pzn, exceptId)
    if (taken) throw taken
  }
  try {
    return await write()
  } catch (error) {
    if (pzn && violatesUnique(error, masterPznIndex)) {
      throw (await duplicatePznError(db, pzn, exceptId)) ?? new ConflictError(duplicatePznMessage)
    }
    throw error
  }
}

async function checkImage(executor: Executor, imageFileId: string | null): Promise<void> {
  if (imageFileId === null) return
  const known = await isStoredFileOf(executor, imageFileId, {
    purpose: 'product_image',
    organisationId: null,
  })
  if (!known) throw new InvalidError({ imageFileId: unknownImageMessage })
}

/** A confirmation without an image confirms nothing: the product is stored without a pack photo. */
const confirmedOnlyWithImage = <T extends Pick<MasterProduct, 'imageFileId' | 'imageIsPackPhoto'>>(
  product: T,
): T => ({ ...product, imageIsPackPhoto: product.imageFileId !== null && product.imageIsPackPhoto })

/**
 * The shop rendition a save leaves the product with (ADR 081): none without a confirmed pack
 * photo; the stored one while the same image stays confirmed; otherwise one made now — so a
 * changed image is shown only once it is confirmed anew.
 */
async function packPhotoFileIdFor(
  tx: Executor,
  product: Pick<ProductRow, 'imageFileId' | 'imageIsPackPhoto'>,
  stored: ProductRow | null,
  createdBy: string,
): Promise<string | null> {
  if (!product.imageIsPackPhoto || product.imageFileId === null) return null
  if (stored?.imageIsPackPhoto && stored.imageFileId === product.imageFileId) {
    return stored.packPhotoFileId
  }
  return (await storePackPhotoRendition(tx, product.imageFileId, createdBy)).id
}

export interface SavedMasterProduct {
  id: string
  revision: number
  /** False when the save changed nothing (and so wrote nothing). */
  changed: boolean
}

export async function createMasterProduct(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<SavedMasterProduct> {
  const admin = requireRole(actor, 'admin')
  const product = confirmedOnlyWithImage(parseInput(masterProductSaveSchema, input))
  return withFreePzn(db, product.pzn, null, () =>
    db.transaction(async (tx) => {
      await checkImage(tx, product.imageFileId)
      const [created] = await tx
        .insert(products)
        .values({
          ...productColumns(product),
          packPhotoFileId: await packPhotoFileIdFor(tx, product, null, admin.user.id),
          organisationId: null,
          createdBy: admin.user.id,
          updatedBy: admin.user.id,
        })
        .returning()
      if (!created) throw new Error('master product was not inserted')
      await recordAudit(tx, {
        organisationId: null,
        actor: auditActorOf(actor),
        requestId: actor.requestId,
        action: masterProductAudit.created,
        entity: { type: masterProductAudit.entityType, id: created.id },
        before: null,
        after: auditedProductFields(created),
      })
      return { id: created.id, revision: created.revision, changed: true }
    }),
  )
}

/**
 * Saves the form of a master product loaded at `input.revision`. A save based on an older
 * revision is refused (409): another admin changed the product meanwhile, and overwriting that
 * unseen would lose it. Withdrawing is this same save with status `withdrawn`; listings of
 * organisations keep the product and show it as withdrawn.
 */
export async function updateMasterProduct(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedMasterProduct> {
  const admin = requireRole(actor, 'admin')
  const { revision, ...product } = confirmedOnlyWithImage(
    parseInput(masterProductUpdateSchema, input),
  )
  const columns = productColumns(product)

  // Read without a lock first: a save that changes nothing must not write, not even a row lock.
  const loaded = await findMasterProduct(db, id)
  if (!loaded) throw new NotFoundError(masterProductNotFoundMessage)
  if (loaded.revision !== revision) throw new ConflictError(staleMasterProductMessage)
  if (
    isDeepStrictEqual(auditedProductFields(loaded), auditedProductFields({ ...loaded, ...columns }))
  ) {
    return { id: loaded.id, revision: loaded.revision, changed: false }
  }

  return withFreePzn(db, columns.pzn === loaded.pzn ? null : columns.pzn, id, () =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, loaded.id), isMaster))
        .for('update')
      if (!current) throw new NotFoundError(masterProductNotFoundMessage)
      // Another save committed since the form was loaded (or since the read above).
      if (current.revision !== revision) throw new ConflictError(staleMasterProductMessage)
      if (columns.imageFileId !== current.imageFileId) await checkImage(tx, columns.imageFileId)
      const [updated] = await tx
        .update(products)
        .set({
          ...columns,
          packPhotoFileId: await packPhotoFileIdFor(tx, columns, current, admin.user.id),
          revision: current.revision + 1,
          updatedBy: admin.user.id,
        })
        .where(and(eq(products.id, current.id), isMaster))
        .returning()
      if (!updated) throw new NotFoundError(masterProductNotFoundMessage)
      await recordAudit(tx, {
        organisationId: null,
        actor: auditActorOf(actor),
        requestId: actor.requestId,
        action: masterProductAudit.updated,
        entity: { type: masterProductAudit.entityType, id: updated.id },
        before: auditedProductFields(current),
        after: auditedProductFields(updated),
      })
      return { id: updated.id, revision: updated.revision, changed: true }
    }),
  )
}
