import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { purchaseOrderTotals } from '../../lib/purchase-orders'
import {
  type ReorderDraft,
  type ReorderResult,
  type ReorderSkipReason,
  reorderQuantity,
  reorderTarget,
} from '../../lib/reorder'
import type { Actor } from '../actor.server'
import type { Database, Executor } from '../db/client.server'
import { organisationProducts, products } from '../products/products.schema'
import { lowStockListings } from '../stock/stock-lists.server'
import { managingPurchaser } from './purchase-order-access.server'
import { auditedOrderFields, auditOrder, purchaseOrderAudit } from './purchase-order-changes.server'
import { purchaseOrderItems, purchaseOrders, suppliers } from './purchase-orders.schema'
import { insertItems, itemsOf, resolveLines } from './purchase-orders.server'
import { supplierName, supplierOrganisation } from './suppliers.server'

/**
 * "Nachbestellen" (ADR 075): for every listing under its low-stock threshold, the quantity that
 * reaches its target stock — target − available − what open orders and drafts still bring — at
 * the cheapest platform supplier's price, otherwise from the supplier it was last bought from at
 * that price, put into one draft purchase order per supplier (the supplier's open draft when it
 * has one). Reorders of one organisation queue on an advisory lock, so parallel clicks add each
 * line once.
 */

/** The statuses whose lines still bring goods (drafts included: they are about to be ordered). */
const openStatuses = ['draft', 'ordered', 'confirmed', 'shipped', 'partially_received'] as const

type LowListing = Awaited<ReturnType<typeof lowStockListings>>[number]

const identityOf = ({ name, pzn, packBaseUnits, packUnit }: LowListing) => ({
  name,
  pzn,
  packBaseUnits,
  packUnit,
})

interface PlannedLine {
  listing: LowListing
  /** The listing the purchase-order line names: the supplier's (platform) or the buyer's own. */
  listingId: string
  quantity: number
  unitPriceCents: number
}

/** Base units per product the organisation's open orders and drafts still bring. */
async function onOrderByProduct(tx: Executor, organisationId: string, productIds: string[]) {
  const rows = await tx
    .select({
      productId: purchaseOrderItems.productId,
      baseUnits: sql<string>`sum(greatest(${purchaseOrderItems.quantity}::bigint * ${purchaseOrderItems.baseUnitsPerSalesUnit} - ${purchaseOrderItems.receivedBaseUnits}, 0))`,
    })
    .from(purchaseOrderItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderItems.purchaseOrderId))
    .where(
      and(
        eq(purchaseOrders.organisationId, organisationId),
        eq(purchaseOrderItems.organisationId, organisationId),
        inArray(purchaseOrders.status, [...openStatuses]),
        inArray(purchaseOrderItems.productId, productIds),
      ),
    )
    .groupBy(purchaseOrderItems.productId)
  return new Map(rows.map((row) => [row.productId, Number(row.baseUnits)]))
}

/**
 * The organisation's active platform suppliers' offers of the products: their non-archived
 * listings of active master products (what a purchase order may pick, ADR 021).
 */
async function platformOffers(tx: Executor, organisationId: string, productIds: string[]) {
  return tx
    .select({
      supplierId: suppliers.id,
      supplierName,
      productId: organisationProducts.productId,
      listingId: organisationProducts.id,
      priceCents: organisationProducts.priceCents,
      baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
      orderStep: organisationProducts.orderStep,
      minOrderQuantity: organisationProducts.minOrderQuantity,
      maxOrderQuantity: organisationProducts.maxOrderQuantity,
    })
    .from(suppliers)
    .innerJoin(supplierOrganisation, eq(supplierOrganisation.id, suppliers.supplierOrganisationId))
    .innerJoin(
      organisationProducts,
      eq(organisationProducts.organisationId, suppliers.supplierOrganisationId),
    )
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(suppliers.organisationId, organisationId),
        eq(suppliers.kind, 'platform'),
        isNull(suppliers.archivedAt),
        isNull(organisationProducts.archivedAt),
        isNull(products.organisationId),
        eq(products.status, 'active'),
        inArray(organisationProducts.productId, productIds),
      ),
    )
    .orderBy(asc(supplierName), asc(suppliers.id))
}

/** Per product the external supplier (not archived) and price of its last ordered purchase. */
async function lastExternalPurchases(tx: Executor, organisationId: string, productIds: string[]) {
  const rows = await tx
    .selectDistinctOn([purchaseOrderItems.productId], {
      productId: purchaseOrderItems.productId,
      supplierId: suppliers.id,
      supplierName,
      kind: suppliers.kind,
      archivedAt: suppliers.archivedAt,
      unitPriceCents: purchaseOrderItems.unitPriceCents,
    })
    .from(purchaseOrderItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderItems.purchaseOrderId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(supplierOrganisation, eq(supplierOrganisation.id, suppliers.supplierOrganisationId))
    .where(
      and(
        eq(purchaseOrders.organisationId, organisationId),
        eq(purchaseOrderItems.organisationId, organisationId),
        inArray(purchaseOrders.status, [
          'ordered',
          'confirmed',
          'shipped',
          'partially_received',
          'received',
        ]),
        inArray(purchaseOrderItems.productId, productIds),
      ),
    )
    .orderBy(
      purchaseOrderItems.productId,
      desc(purchaseOrders.orderedAt),
      desc(purchaseOrders.createdAt),
    )
  // The last purchase decides: from a platform supplier that no longer offers it, there is none.
  return new Map(
    rows
      .filter((row) => row.kind === 'external' && row.archivedAt === null)
      .map((row) => [row.productId, row]),
  )
}

/** The supplier's newest open draft, locked, with the products it already holds. */
async function openDraftOf(tx: Executor, organisationId: string, supplierId: string) {
  const [draft] = await tx
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.organisationId, organisationId),
        eq(purchaseOrders.supplierId, supplierId),
        eq(purchaseOrders.status, 'draft'),
      ),
    )
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(1)
    .for('update')
  if (!draft) return undefined
  return { draft, items: (await itemsOf(tx, draft)).map(({ item }) => item) }
}

export async function reorderLowStock(actor: Actor, db: Database): Promise<ReorderResult> {
  const { owner, business } = managingPurchaser(actor)
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`reorder:${owner.id}`}, 0))`,
    )
    const skipped: ReorderResult['skipped'] = []
    const skip = (listing: LowListing, reason: ReorderSkipReason) =>
      skipped.push({ listingId: listing.id, ...identityOf(listing), reason })

    const low = (await lowStockListings(tx, owner.id)).filter((listing) => {
      if (owner.accessoriesOnly && listing.category !== 'accessory') {
        skip(listing, 'club_cannabis')
        return false
      }
      return true
    })
    const productIds = low.map((listing) => listing.productId)
    if (productIds.length === 0) return { drafts: [], skipped }
    const onOrder = await onOrderByProduct(tx, owner.id, productIds)
    const offers = await platformOffers(tx, owner.id, productIds)
    const lastPurchases = await lastExternalPurchases(tx, owner.id, productIds)

    const bySupplier = new Map<string, { name: string; lines: PlannedLine[] }>()
    const plan = (supplierId: string, name: string, line: PlannedLine) => {
      const group = bySupplier.get(supplierId) ?? { name, lines: [] }
      group.lines.push(line)
      bySupplier.set(supplierId, group)
    }
    for (const listing of low) {
      const needed =
        reorderTarget(listing) * listing.baseUnitsPerSalesUnit -
        listing.available -
        (onOrder.get(listing.productId) ?? 0)
      if (needed <= 0) {
        skip(listing, 'on_order')
        continue
      }
      // The cheapest per base unit; on a tie the first by name (the query's order).
      const offer = offers
        .filter((candidate) => candidate.productId === listing.productId)
        .reduce<(typeof offers)[number] | undefined>(
          (best, candidate) =>
            best &&
            best.priceCents * candidate.baseUnitsPerSalesUnit <=
              candidate.priceCents * best.baseUnitsPerSalesUnit
              ? best
              : candidate,
          undefined,
        )
      if (offer) {
        plan(offer.supplierId, offer.supplierName, {
          listing,
          listingId: offer.listingId,
          quantity: reorderQuantity(needed, offer.baseUnitsPerSalesUnit, offer),
          unitPriceCents: offer.priceCents,
        })
        continue
      }
      const last = lastPurchases.get(listing.productId)
      if (!last) {
        skip(listing, 'no_supplier')
        continue
      }
      plan(last.supplierId, last.supplierName, {
        listing,
        listingId: listing.id,
        quantity: reorderQuantity(needed, listing.baseUnitsPerSalesUnit, {
          orderStep: 1,
          minOrderQuantity: null,
          maxOrderQuantity: null,
        }),
        unitPriceCents: last.unitPriceCents,
      })
    }

    const drafts: ReorderDraft[] = []
    for (const [supplierId, group] of bySupplier) {
      const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId))
      if (!supplier) continue
      const open = await openDraftOf(tx, owner.id, supplierId)
      const inDraft = new Set(open?.items.map((item) => item.productId))
      const lines = group.lines.filter((line) => {
        if (!inDraft.has(line.listing.productId)) return true
        skip(line.listing, 'in_draft')
        return false
      })
      if (lines.length === 0) continue
      const resolved = await resolveLines(tx, owner, supplier, lines)
      const offset = Math.max(0, ...(open?.items.map((item) => item.position) ?? []))
      const added = resolved.map((item) => ({ ...item, position: item.position + offset }))
      const all = [...(open?.items ?? []), ...added]
      let order: typeof purchaseOrders.$inferSelect | undefined
      if (open) {
        ;[order] = await tx
          .update(purchaseOrders)
          .set({ ...purchaseOrderTotals(all), revision: open.draft.revision + 1 })
          .where(
            and(eq(purchaseOrders.id, open.draft.id), eq(purchaseOrders.organisationId, owner.id)),
          )
          .returning()
      } else {
        ;[order] = await tx
          .insert(purchaseOrders)
          .values({
            organisationId: owner.id,
            supplierId,
            note: 'Nachbestellung aus der Liste „Unter Mindestbestand“',
            ...purchaseOrderTotals(all),
            createdBy: business.user.id,
          })
          .returning()
      }
      if (!order) throw new Error('reorder draft was not written')
      await insertItems(tx, order, added)
      await auditOrder(
        tx,
        actor,
        open ? purchaseOrderAudit.updated : purchaseOrderAudit.created,
        open ? auditedOrderFields(open.draft, open.items) : null,
        auditedOrderFields(order, all),
        order,
      )
      drafts.push({
        purchaseOrderId: order.id,
        supplierName: group.name,
        created: !open,
        // `resolveLines` answers the lines in the order given (or throws).
        lines: added.map((item, index) => ({
          ...identityOf((lines[index] as PlannedLine).listing),
          quantity: item.quantity,
          salesUnit: item.salesUnit,
          unitPriceCents: item.unitPriceCents,
        })),
      })
    }
    return { drafts, skipped }
  })
}
