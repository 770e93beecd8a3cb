import { isDeepStrictEqual } from 'node:util'
import { and, asc, eq, gt, isNotNull, isNull, not, or, type SQL, sql } from 'drizzle-orm'
import { berlinIsoDate } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { masterProductFieldLabels } from '../../lib/master-products'
import {
  acknowledgeMasterChangeSchema,
  updateOrganisationProductSchema,
} from '../../lib/organisation-product-schemas'
import {
  alreadyArchivedMessage,
  alreadyListedMessage,
  archivedNotEditableMessage,
  clubMasterMessage,
  clubShopMessage,
  type MasterProductPick,
  masterFactsReadOnlyMessage,
  notArchivedMessage,
  type OrganisationProductDetail,
  type OrganisationProductHistoryEntry,
  type OrganisationProductList,
  type OrganisationProductOffer,
  organisationProductFieldLabels,
  organisationProductNotFoundMessage,
  type ProductOwner,
  salesUnitFixedMessage,
  staleOrganisationProductMessage,
  withdrawnMasterMessage,
  withdrawnNotRestorableMessage,
} from '../../lib/organisation-products'
import {
  type CustomProduct,
  createOrganisationProductSchema,
  type Offer,
  salesUnitProblem,
} from '../../lib/product-schemas'
import {
  baseUnitsPerSalesUnit,
  type OrganisationProductListSearch,
  type OrganisationProductStatus,
} from '../../lib/products'
import { type Actor, type BusinessActor, requireBusiness, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseInput,
} from '../errors.server'
import { listPage } from '../list-query.server'
import { findOrganisation } from '../organisations/organisation-lookup.server'
import { stockByProduct } from '../stock/stock-levels.server'
import { masterProductNotFoundMessage } from './master-products.server'
import { productColumns, productFactsOf } from './product-facts.server'
import { readProductHistory } from './product-history.server'
import { productSearchCondition } from './product-search.server'
import { organisationProducts, products } from './products.schema'

/**
 * Each organisation's own products: its listings of master products and of the products it
 * made itself, with its own price, VAT, shop visibility and order rules. Owner and staff manage
 * them; the platform admin reads any organisation's for support and changes nothing; every
 * query is scoped by the organisation. ADR 018.
 */

type ListingRow = typeof organisationProducts.$inferSelect
type ProductRow = typeof products.$inferSelect
type OrganisationCategory = BusinessActor['organisation']['category']

/** The categories that keep products: the sellers and the clubs (not the platform itself). */
const productKeepingCategories: readonly OrganisationCategory[] = [
  'pharmacy',
  'wholesaler',
  'producer',
  'club',
]

const chooseOrganisationMessage =
  'Bitte wähle in der Administration unter „Organisationen“, wessen Produkte du sehen möchtest.'

export const organisationProductAudit = {
  entityType: 'organisation_product',
  created: 'organisation_product.created',
  updated: 'organisation_product.updated',
  archived: 'organisation_product.archived',
  restored: 'organisation_product.restored',
  masterAcknowledged: 'organisation_product.master_acknowledged',
} as const

// ─── Who may do what ─────────────────────────────────────────────────────────────────────────

function ownerOf(
  organisation: { id: string; name: string; category: OrganisationCategory },
  canManage: boolean,
): ProductOwner {
  const club = organisation.category === 'club'
  return {
    id: organisation.id,
    name: organisation.name,
    canManage,
    shopAllowed: !club,
    takesOverMasterProducts: !club,
  }
}

/**
 * The organisation whose products (and stock) `actor` reads: its own, or for the platform admin the one it
 * names (support). Shop customers, platform jobs and the platform's own users have none.
 */
export async function readableOwner(
  actor: Actor,
  requested: string | undefined,
  db: Executor,
): Promise<ProductOwner> {
  const business = requireBusiness(actor)
  if (business.user.role === 'admin') {
    if (!requested) {
      throw new InvalidError({ organisation: chooseOrganisationMessage }, chooseOrganisationMessage)
    }
    const organisation = await findOrganisation(db, requested, {
      id: organisations.id,
      name: organisations.name,
      category: organisations.category,
    })
    if (!organisation) throw new NotFoundError('Diese Organisation gibt es nicht.')
    return ownerOf(organisation, false)
  }
  if (!productKeepingCategories.includes(business.organisation.category)) {
    throw new ForbiddenError()
  }
  if (requested && requested !== business.organisation.id) throw new ForbiddenError()
  return ownerOf(business.organisation, true)
}

/** The organisation whose products `actor` changes: owner and staff of a seller or club. */
function managingOwner(actor: Actor): ProductOwner {
  const business = requireRole(actor, 'owner', 'staff')
  if (!productKeepingCategories.includes(business.organisation.category)) {
    throw new ForbiddenError()
  }
  return ownerOf(business.organisation, true)
}

/** KCanG § 6: a club shows nothing in a shop, so the service refuses the switch. */
function checkShopVisibility(owner: ProductOwner, offer: Offer) {
  if (offer.visibleInShop && !owner.shopAllowed) {
    throw new InvalidError({ 'offer.visibleInShop': clubShopMessage })
  }
}

// ─── Status and audit ────────────────────────────────────────────────────────────────────────

const isMasterProduct = isNull(products.organisationId)
const masterWithdrawn = and(isMasterProduct, eq(products.status, 'withdrawn'))
const masterChanged = and(
  isMasterProduct,
  eq(products.status, 'active'),
  gt(products.revision, organisationProducts.productRevisionSeen),
)

const statusConditions: Record<OrganisationProductStatus, SQL | undefined> = {
  withdrawn: masterWithdrawn,
  master_changed: masterChanged,
  current: not(or(masterWithdrawn, masterChanged) as SQL),
}

function statusOf(
  product: Pick<ProductRow, 'organisationId' | 'status' | 'revision'>,
  revisionSeen: number,
): OrganisationProductStatus {
  if (product.organisationId !== null) return 'current'
  if (product.status === 'withdrawn') return 'withdrawn'
  return product.revision > revisionSeen ? 'master_changed' : 'current'
}

/** A listing's offer: how the organisation sells the product. */
const offerOf = (listing: ListingRow): OrganisationProductOffer => ({
  salesUnit: listing.salesUnit,
  priceCents: listing.priceCents,
  vatRate: listing.vatRate,
  visibleInShop: listing.visibleInShop,
  orderStep: listing.orderStep,
  minOrderQuantity: listing.minOrderQuantity,
  maxOrderQuantity: listing.maxOrderQuantity,
  lowStockThreshold: listing.lowStockThreshold,
  targetStock: listing.targetStock,
})

/**
 * The business fields of a listing the audit log records: the offer, whether it is archived,
 * which master revision it has seen; for an own product its facts, since the organisation
 * changes those too.
 */
export function auditedListingFields(
  listing: ListingRow,
  product: ProductRow,
): Record<string, unknown> {
  const custom = product.organisationId !== null
  return {
    ...(custom ? productFactsOf(product) : { productId: product.id }),
    ...offerOf(listing),
    baseUnitsPerSalesUnit: listing.baseUnitsPerSalesUnit,
    archived: listing.archivedAt !== null,
    ...(custom ? {} : { productRevisionSeen: listing.productRevisionSeen }),
  }
}

async function auditListing(
  tx: Executor,
  actor: Actor,
  action: string,
  before: { listing: ListingRow; product: ProductRow } | null,
  after: { listing: ListingRow; product: ProductRow },
) {
  await recordAudit(tx, {
    organisationId: after.listing.organisationId,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action,
    entity: { type: organisationProductAudit.entityType, id: after.listing.id },
    before: before && auditedListingFields(before.listing, before.product),
    after: auditedListingFields(after.listing, after.product),
  })
}

export interface SavedOrganisationProduct {
  id: string
  /** The listing's revision after the change: the next change names it. */
  revision: number
  /** False when the request changed nothing (and so wrote nothing). */
  changed: boolean
}

const saved = (listing: ListingRow, changed: boolean): SavedOrganisationProduct => ({
  id: listing.id,
  revision: listing.revision,
  changed,
})

// ─── Lists ───────────────────────────────────────────────────────────────────────────────────

async function listListings(
  actor: Actor,
  query: OrganisationProductListSearch,
  archived: boolean,
  db: Database,
): Promise<OrganisationProductList> {
  const owner = await readableOwner(actor, query.organisation, db)
  const stock = stockByProduct(db, owner.id, berlinIsoDate())
  const select = db
    .select({
      id: organisationProducts.id,
      name: products.name,
      category: products.category,
      pzn: products.pzn,
      cultivar: products.cultivar,
      productOrganisationId: products.organisationId,
      productStatus: products.status,
      revision: products.revision,
      revisionSeen: organisationProducts.productRevisionSeen,
      salesUnit: organisationProducts.salesUnit,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      packUnit: products.packUnit,
      priceCents: organisationProducts.priceCents,
      vatRate: organisationProducts.vatRate,
      visibleInShop: organisationProducts.visibleInShop,
      archivedAt: organisationProducts.archivedAt,
      updatedAt: organisationProducts.updatedAt,
      available: sql<string>`coalesce(${stock.available}, 0)`.as('available_stock'),
    })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .leftJoin(stock, eq(stock.productId, organisationProducts.id))
    .where(
      and(
        eq(organisationProducts.organisationId, owner.id),
        archived
          ? isNotNull(organisationProducts.archivedAt)
          : isNull(organisationProducts.archivedAt),
        productSearchCondition(query.q),
        query.category && eq(products.category, query.category),
        query.shop && eq(organisationProducts.visibleInShop, query.shop === 'visible'),
        query.status && statusConditions[query.status],
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      name: products.name,
      category: products.category,
      pzn: products.pzn,
      price: organisationProducts.priceCents,
      updatedAt: organisationProducts.updatedAt,
    },
    tiebreaker: organisationProducts.id,
  })
  return {
    ...page,
    owner,
    items: page.items.map(
      ({ productOrganisationId, productStatus, revision, revisionSeen, ...row }) => ({
        ...row,
        available: Number(row.available),
        custom: productOrganisationId !== null,
        status: statusOf(
          { organisationId: productOrganisationId, status: productStatus, revision },
          revisionSeen,
        ),
        archivedAt: row.archivedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      }),
    ),
  }
}

/** The organisation's products on offer (not archived). */
export function listOrganisationProducts(
  actor: Actor,
  query: OrganisationProductListSearch,
  db: Database,
): Promise<OrganisationProductList> {
  return listListings(actor, query, false, db)
}

/** The organisation's archived products (`/archive/products`). */
export function listArchivedOrganisationProducts(
  actor: Actor,
  query: OrganisationProductListSearch,
  db: Database,
): Promise<OrganisationProductList> {
  return listListings(actor, query, true, db)
}

/** How many master products the take-over search offers at once. */
const masterPickLimit = 20

/**
 * The take-over search: active master products whose name, PZN, cultivar, manufacturer or brand
 * contains `search`, each marked when the organisation lists it already. Withdrawn products are
 * never offered.
 */
export async function searchMasterProductsToTakeOver(
  actor: Actor,
  search: string,
  db: Database,
): Promise<MasterProductPick[]> {
  const owner = managingOwner(actor)
  if (!owner.takesOverMasterProducts) throw new ForbiddenError(clubMasterMessage)
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      pzn: products.pzn,
      cultivar: products.cultivar,
      manufacturer: products.manufacturer,
      category: products.category,
      thcContent: products.thcContent,
      cbdContent: products.cbdContent,
      cannabinoidUnit: products.cannabinoidUnit,
      packBaseUnits: products.packBaseUnits,
      packUnit: products.packUnit,
      listingId: organisationProducts.id,
    })
    .from(products)
    .leftJoin(
      organisationProducts,
      and(
        eq(organisationProducts.productId, products.id),
        eq(organisationProducts.organisationId, owner.id),
      ),
    )
    .where(and(isMasterProduct, eq(products.status, 'active'), productSearchCondition(search)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(masterPickLimit)
  return rows.map(({ listingId, ...row }) => ({ ...row, listed: listingId !== null }))
}

// ─── Detail and history ──────────────────────────────────────────────────────────────────────

/**
 * One listing with its product, locked for a change when `forUpdate`. `organisationId` scopes
 * it; only the platform admin's reads pass null (any organisation).
 */
async function findListing(
  executor: Executor,
  id: string,
  organisationId: string | null,
  { forUpdate = false } = {},
): Promise<{ listing: ListingRow; product: ProductRow } | undefined> {
  if (!isUuid(id)) return undefined
  const select = executor
    .select({ listing: organisationProducts, product: products })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.id, id),
        organisationId === null
          ? undefined
          : eq(organisationProducts.organisationId, organisationId),
      ),
    )
  const [row] = forUpdate ? await select.for('update', { of: organisationProducts }) : await select
  return row
}

/** The listing `actor` may read: the admin's any, everyone else's only their organisation's. */
async function readableListing(actor: Actor, id: string, db: Database) {
  const business = requireBusiness(actor)
  const admin = business.user.role === 'admin'
  if (!admin && !productKeepingCategories.includes(business.organisation.category)) {
    throw new ForbiddenError()
  }
  const found = await findListing(db, id, admin ? null : business.organisation.id)
  if (!found) throw new NotFoundError(organisationProductNotFoundMessage)
  const owner = admin
    ? await readableOwner(actor, found.listing.organisationId, db)
    : ownerOf(business.organisation, true)
  return { ...found, owner }
}

export async function getOrganisationProduct(
  actor: Actor,
  id: string,
  db: Database,
): Promise<OrganisationProductDetail> {
  const { listing, product, owner } = await readableListing(actor, id, db)
  const stock = stockByProduct(db, owner.id, berlinIsoDate())
  const [levels] = await db
    .select({ available: stock.available, quarantine: stock.quarantine })
    .from(stock)
    .where(eq(stock.productId, listing.id))
  return {
    id: listing.id,
    owner,
    product: {
      ...productFactsOf(product),
      id: product.id,
      status: product.status,
      revision: product.revision,
    },
    custom: product.organisationId !== null,
    offer: offerOf(listing),
    baseUnitsPerSalesUnit: listing.baseUnitsPerSalesUnit,
    stock: {
      available: Number(levels?.available ?? 0),
      quarantine: Number(levels?.quarantine ?? 0),
    },
    status: statusOf(product, listing.productRevisionSeen),
    archivedAt: listing.archivedAt?.toISOString() ?? null,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    revision: listing.revision,
  }
}

const historyActions = {
  [organisationProductAudit.created]: 'created',
  [organisationProductAudit.updated]: 'updated',
  [organisationProductAudit.archived]: 'archived',
  [organisationProductAudit.restored]: 'restored',
  [organisationProductAudit.masterAcknowledged]: 'master_acknowledged',
} as const

const historyFieldOrder = [
  ...Object.keys(masterProductFieldLabels),
  ...Object.keys(organisationProductFieldLabels),
]

/** What happened to a listing, newest first, from the audit log. */
export async function listOrganisationProductHistory(
  actor: Actor,
  id: string,
  db: Database,
): Promise<OrganisationProductHistoryEntry[]> {
  const { listing } = await readableListing(actor, id, db)
  return readProductHistory(
    db,
    {
      type: organisationProductAudit.entityType,
      id: listing.id,
      organisationId: listing.organisationId,
    },
    historyActions,
    historyFieldOrder,
  )
}

// ─── Create ──────────────────────────────────────────────────────────────────────────────────

/** The unique index that keeps one listing of a product per organisation (products.schema.ts). */
const listingTarget = [organisationProducts.organisationId, organisationProducts.productId]

/** The active master product to take over, share-locked: a withdrawal waits for the listing. */
async function masterProductToTakeOver(tx: Executor, id: string): Promise<ProductRow> {
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), isMasterProduct))
    .for('share')
  if (!product) throw new InvalidError({ masterProductId: masterProductNotFoundMessage })
  if (product.status === 'withdrawn') {
    throw new ConflictError(withdrawnMasterMessage, { masterProductId: withdrawnMasterMessage })
  }
  return product
}

async function insertOwnProduct(
  tx: Executor,
  owner: ProductOwner,
  business: BusinessActor,
  facts: CustomProduct,
): Promise<ProductRow> {
  const [product] = await tx
    .insert(products)
    .values({
      ...productColumns(facts),
      organisationId: owner.id,
      createdBy: business.user.id,
      updatedBy: business.user.id,
    })
    .returning()
  if (!product) throw new Error('own product was not inserted')
  return product
}

/**
 * Takes a master product over, or creates an own product, with the organisation's offer. A
 * master product is listed once per organisation: of 50 simultaneous take-overs the unique index
 * lets one insert, and the others get the same 409 as a later attempt.
 */
export async function createOrganisationProduct(
  actor: Actor,
  input: unknown,
  db: Database,
): Promise<SavedOrganisationProduct> {
  const owner = managingOwner(actor)
  const request = parseInput(createOrganisationProductSchema, input)
  checkShopVisibility(owner, request.offer)
  if (request.source === 'master' && !owner.takesOverMasterProducts) {
    throw new ForbiddenError(clubMasterMessage)
  }
  const business = requireBusiness(actor)
  return db.transaction(async (tx) => {
    const product =
      request.source === 'master'
        ? await masterProductToTakeOver(tx, request.masterProductId)
        : await insertOwnProduct(tx, owner, business, request.product)
    // An own product that does not fit the unit goes with the rolled-back transaction.
    const problem = salesUnitProblem(request.offer.salesUnit, product)
    if (problem) throw new InvalidError({ 'offer.salesUnit': problem })
    const listing = await insertListing(tx, business, product, request.offer)
    if (!listing) {
      throw new ConflictError(alreadyListedMessage, { masterProductId: alreadyListedMessage })
    }
    return saved(listing, true)
  })
}

/** Inserts and audits the organisation's listing of `product`; undefined when it has one. */
async function insertListing(
  tx: Executor,
  business: BusinessActor,
  product: ProductRow,
  offer: Offer,
): Promise<ListingRow | undefined> {
  const [listing] = await tx
    .insert(organisationProducts)
    .values({
      organisationId: business.organisation.id,
      productId: product.id,
      ...offer,
      baseUnitsPerSalesUnit: baseUnitsPerSalesUnit(offer.salesUnit, product.packBaseUnits),
      productRevisionSeen: product.revision,
      createdBy: business.user.id,
    })
    .onConflictDoNothing({ target: listingTarget })
    .returning()
  if (listing) {
    await auditListing(tx, business, organisationProductAudit.created, null, { listing, product })
  }
  return listing
}

/**
 * An own product with the organisation's listing of it, inside the caller's transaction and
 * audited as the form's "own product" is — for products other areas create, e.g. the pack a
 * filling protocol fills into (ADR 045). `facts` and `offer` have passed their schemas.
 */
export async function insertOwnListing(
  tx: Executor,
  business: BusinessActor,
  facts: CustomProduct,
  offer: Offer,
): Promise<ListingRow> {
  const owner = managingOwner(business)
  checkShopVisibility(owner, offer)
  const product = await insertOwnProduct(tx, owner, business, facts)
  const problem = salesUnitProblem(offer.salesUnit, product)
  if (problem) throw new InvalidError({ 'offer.salesUnit': problem })
  const listing = await insertListing(tx, business, product, offer)
  if (!listing) throw new Error('own listing was not inserted')
  return listing
}

/**
 * The organisation's listing of master product `productId` inside the caller's transaction,
 * taken over hidden from the shop with `offer` when it has none yet — e.g. for goods bought
 * from another organisation on the platform. An existing listing (even archived) is answered
 * as it is; a withdrawn master product is not taken over (409).
 */
export async function ensureMasterListing(
  tx: Executor,
  business: BusinessActor,
  productId: string,
  offer: Omit<Offer, 'visibleInShop'>,
): Promise<string> {
  const existing = async () => {
    const [row] = await tx
      .select({ id: organisationProducts.id })
      .from(organisationProducts)
      .where(
        and(
          eq(organisationProducts.organisationId, business.organisation.id),
          eq(organisationProducts.productId, productId),
        ),
      )
    return row?.id
  }
  const known = await existing()
  if (known) return known
  const product = await masterProductToTakeOver(tx, productId)
  const salesUnit = salesUnitProblem(offer.salesUnit, product) ? 'pack' : offer.salesUnit
  const listing = await insertListing(tx, business, product, {
    ...offer,
    salesUnit,
    visibleInShop: false,
  })
  const id = listing?.id ?? (await existing())
  if (!id) throw new Error('listing neither inserted nor found')
  return id
}

// ─── Change ──────────────────────────────────────────────────────────────────────────────────

/**
 * The listing to change, locked, checked against the revision the client saw: a change based on
 * an older one would overwrite another's unseen (409).
 */
async function lockedListing(tx: Executor, owner: ProductOwner, id: string, revision?: number) {
  const found = await findListing(tx, id, owner.id, { forUpdate: true })
  if (!found) throw new NotFoundError(organisationProductNotFoundMessage)
  if (revision !== undefined && found.listing.revision !== revision) {
    throw new ConflictError(staleOrganisationProductMessage)
  }
  return found
}

/**
 * Saves the own data of a listing loaded at `revision` (and an own product's facts). The sales
 * unit stays as listed (stock and orders count in it); archived listings are restored first.
 */
export async function updateOrganisationProduct(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedOrganisationProduct> {
  const owner = managingOwner(actor)
  const business = requireBusiness(actor)
  const { revision, offer, product: facts } = parseInput(updateOrganisationProductSchema, input)
  checkShopVisibility(owner, offer)
  return db.transaction(async (tx) => {
    const current = await lockedListing(tx, owner, id, revision)
    const { listing, product } = current
    if (listing.archivedAt) throw new ConflictError(archivedNotEditableMessage)
    if (offer.salesUnit !== listing.salesUnit) {
      throw new InvalidError({ 'offer.salesUnit': salesUnitFixedMessage })
    }
    const custom = product.organisationId !== null
    if (facts && !custom) throw new ForbiddenError(masterFactsReadOnlyMessage)
    if (facts) {
      const problem = salesUnitProblem(listing.salesUnit, facts)
      if (problem) throw new InvalidError({ 'product.category': problem })
    }

    const factsChanged =
      facts !== undefined &&
      !isDeepStrictEqual(
        productFactsOf(product),
        productFactsOf({ ...product, ...productColumns(facts) }),
      )
    const offerChanged = !isDeepStrictEqual(
      auditedListingFields(listing, product),
      auditedListingFields({ ...listing, ...offer }, product),
    )
    if (!factsChanged && !offerChanged) return saved(listing, false)

    let nextProduct = product
    if (facts && factsChanged) {
      const [updatedProduct] = await tx
        .update(products)
        .set({
          ...productColumns(facts),
          revision: product.revision + 1,
          updatedBy: business.user.id,
        })
        .where(and(eq(products.id, product.id), eq(products.organisationId, owner.id)))
        .returning()
      if (!updatedProduct) throw new NotFoundError(organisationProductNotFoundMessage)
      nextProduct = updatedProduct
    }
    const [updated] = await tx
      .update(organisationProducts)
      .set({
        ...offer,
        // An own product's change is the organisation's own: nothing to acknowledge.
        productRevisionSeen: custom ? nextProduct.revision : listing.productRevisionSeen,
        revision: listing.revision + 1,
      })
      .where(
        and(
          eq(organisationProducts.id, listing.id),
          eq(organisationProducts.organisationId, owner.id),
        ),
      )
      .returning()
    if (!updated) throw new NotFoundError(organisationProductNotFoundMessage)
    await auditListing(tx, actor, organisationProductAudit.updated, current, {
      listing: updated,
      product: nextProduct,
    })
    return saved(updated, true)
  })
}

/** Sets a locked listing's columns, audits the change, answers the next revision. */
async function changeListing(
  tx: Executor,
  actor: Actor,
  current: { listing: ListingRow; product: ProductRow },
  action: string,
  changes: Partial<ListingRow>,
): Promise<SavedOrganisationProduct> {
  const [updated] = await tx
    .update(organisationProducts)
    .set({ ...changes, revision: current.listing.revision + 1 })
    .where(
      and(
        eq(organisationProducts.id, current.listing.id),
        eq(organisationProducts.organisationId, current.listing.organisationId),
      ),
    )
    .returning()
  if (!updated) throw new NotFoundError(organisationProductNotFoundMessage)
  await auditListing(tx, actor, action, current, { listing: updated, product: current.product })
  return saved(updated, true)
}

/**
 * Archives a listing: off new orders and the shop (its shop visibility is switched off), kept
 * for the history and everything that refers to it. Archiving it twice (two tabs) is a 409.
 */
export async function archiveOrganisationProduct(
  actor: Actor,
  id: string,
  db: Database,
): Promise<SavedOrganisationProduct> {
  const owner = managingOwner(actor)
  return db.transaction(async (tx) => {
    const current = await lockedListing(tx, owner, id)
    if (current.listing.archivedAt) throw new ConflictError(alreadyArchivedMessage)
    return changeListing(tx, actor, current, organisationProductAudit.archived, {
      archivedAt: new Date(),
      visibleInShop: false,
    })
  })
}

/**
 * Brings an archived listing back to the product list, still hidden from the shop until someone
 * shows it again. A withdrawn master product stays archived: it may not be offered again.
 */
export async function restoreOrganisationProduct(
  actor: Actor,
  id: string,
  db: Database,
): Promise<SavedOrganisationProduct> {
  const owner = managingOwner(actor)
  return db.transaction(async (tx) => {
    const current = await lockedListing(tx, owner, id)
    if (!current.listing.archivedAt) throw new ConflictError(notArchivedMessage)
    if (statusOf(current.product, current.listing.productRevisionSeen) === 'withdrawn') {
      throw new ConflictError(withdrawnNotRestorableMessage)
    }
    return changeListing(tx, actor, current, organisationProductAudit.restored, {
      archivedAt: null,
    })
  })
}

/**
 * Records that the organisation has seen the master product's change (at the product revision
 * the page showed): the note on the listing goes away. A product revision other than the current
 * one is a 409 — the master changed again since.
 */
export async function acknowledgeMasterChange(
  actor: Actor,
  id: string,
  input: unknown,
  db: Database,
): Promise<SavedOrganisationProduct> {
  const owner = managingOwner(actor)
  const { productRevision } = parseInput(acknowledgeMasterChangeSchema, input)
  return db.transaction(async (tx) => {
    const current = await lockedListing(tx, owner, id)
    if (current.product.revision !== productRevision) {
      throw new ConflictError(staleOrganisationProductMessage)
    }
    if (current.listing.productRevisionSeen >= productRevision) {
      return saved(current.listing, false)
    }
    return changeListing(tx, actor, current, organisationProductAudit.masterAcknowledged, {
      productRevisionSeen: productRevision,
    })
  })
}
