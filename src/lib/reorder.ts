import type { OrderRules, ProductIdentity, SalesUnit } from './products'

/**
 * "Nachbestellen" on the low-stock list (ADR 075): per low listing the quantity that reaches its
 * target stock, grouped into one draft purchase order per supplier.
 */

/** Without a target stock a listing is ordered up to twice its low-stock threshold. */
export const defaultTargetFactor = 2

/** The stock (sales units of the listing) a reorder fills up to. */
export function reorderTarget(listing: {
  lowStockThreshold: number
  targetStock: number | null
}): number {
  return listing.targetStock ?? listing.lowStockThreshold * defaultTargetFactor
}

/**
 * The order line's quantity (sales units of the line, `baseUnitsPerSalesUnit` each) that covers
 * `neededBaseUnits`: whole units, rounded up to the order step, at least the minimum; at most the
 * maximum (the largest step within it). 0 when nothing is needed.
 */
export function reorderQuantity(
  neededBaseUnits: number,
  baseUnitsPerSalesUnit: number,
  rules: OrderRules,
): number {
  if (neededBaseUnits <= 0) return 0
  const units = Math.ceil(neededBaseUnits / baseUnitsPerSalesUnit)
  const stepped = Math.ceil(units / rules.orderStep) * rules.orderStep
  const atLeast = Math.max(stepped, rules.minOrderQuantity ?? 0)
  if (rules.maxOrderQuantity === null) return atLeast
  return Math.min(atLeast, Math.floor(rules.maxOrderQuantity / rules.orderStep) * rules.orderStep)
}

/** Why a low listing got no line. */
export const reorderSkipReasons = ['no_supplier', 'on_order', 'in_draft', 'club_cannabis'] as const
export type ReorderSkipReason = (typeof reorderSkipReasons)[number]

export const reorderSkipReasonLabels: Record<ReorderSkipReason, string> = {
  no_supplier: 'kein Lieferant',
  on_order: 'Zielbestand mit offenen Bestellungen und Entwürfen erreicht',
  in_draft: 'steht bereits im Entwurf für diesen Lieferanten',
  club_cannabis: 'Vereine bestellen nur Zubehör (KCanG)',
}

/** A product the reorder added or left out, named as pickers name it (`productOptionLabel`). */
export interface ReorderLine extends ProductIdentity {
  quantity: number
  salesUnit: SalesUnit
  unitPriceCents: number
}

export interface ReorderDraft {
  purchaseOrderId: string
  supplierName: string
  /** A new draft, or lines added to the supplier's open draft. */
  created: boolean
  lines: ReorderLine[]
}

export interface ReorderResult {
  drafts: ReorderDraft[]
  skipped: (ProductIdentity & { listingId: string; reason: ReorderSkipReason })[]
}
