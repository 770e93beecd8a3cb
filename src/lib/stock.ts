import type { ProductCategory } from './product-lists'
/**
 * Stock by batch: the words and values shared by the stock pages and the stock services.
 * No zod here — route files import it (ADR 013).
 */

export const batchStatuses = ['quarantine', 'released', 'blocked'] as const
export type BatchStatus = (typeof batchStatuses)[number]

export const batchStatusLabels: Record<BatchStatus, string> = {
  quarantine: 'Quarantäne',
  released: 'Freigegeben',
  blocked: 'Gesperrt',
}

/** Physical movements of goods; reservations are not among them (areas.md). */
export const stockMovementKinds = [
  'receipt',
  'sale',
  'filling',
  'hand_out',
  'correction',
  'destruction',
  'return',
] as const
export type StockMovementKind = (typeof stockMovementKinds)[number]

export const stockMovementKindLabels: Record<StockMovementKind, string> = {
  receipt: 'Wareneingang',
  sale: 'Verkauf',
  filling: 'Abfüllung',
  hand_out: 'Abgabe',
  correction: 'Korrektur',
  destruction: 'Vernichtung',
  return: 'Rückgabe',
}

/** A movement's name in a batch's history: a harvest is not a goods receipt, though booked as one. */
export const stockMovementLabel = (kind: StockMovementKind, origin: BatchOrigin): string =>
  kind === 'receipt' && origin === 'harvest' ? 'Ernte' : stockMovementKindLabels[kind]

/** Movements that need a reason text: the record must say why goods appeared or vanished. */
export const movementKindsNeedingReason: readonly StockMovementKind[] = [
  'correction',
  'destruction',
]

/** How a batch came in: bought from a supplier, or grown by a club (KCanG). */
export const batchOrigins = ['purchase', 'harvest'] as const
export type BatchOrigin = (typeof batchOrigins)[number]

/** A batch whose expiry date is closer than this counts as expiring soon on `/inventory`. */
export const expiringSoonDays = 60

type Category = 'platform' | 'pharmacy' | 'wholesaler' | 'producer' | 'club'

/** Who may book receipts straight into `released`: traders, not pharmacies (identity test) or clubs. */
export const mayReceiveReleased = (category: Category) =>
  category === 'wholesaler' || category === 'producer'

/** The default of the organisation setting: traders receive released, everyone else in quarantine. */
export const receiptsReleasedByDefault = (category: Category) => mayReceiveReleased(category)

/** The base unit stock of a product is counted in: mg for g, µl for ml, pieces. */
export const quantityUnitOfPack: Record<'g' | 'ml' | 'piece', 'mg' | 'ul' | 'piece'> = {
  g: 'mg',
  ml: 'ul',
  piece: 'piece',
}

/** Whether a batch is past its expiry date (`YYYY-MM-DD`, last usable day) on `today`. */
export const isExpiredOn = (expiryDate: string | null, today: string): boolean =>
  expiryDate !== null && expiryDate < today

/** The source type of a receipt against a purchase order (a movement's `source_type`). */
export const purchaseOrderItemSource = 'purchase_order_item'

/** The categories whose batches are released only with measured THC and CBD, or knowingly without. */
export const measuredCannabinoidCategories: readonly ProductCategory[] = ['flower', 'extract']

/** Whether releasing a batch of `category` with these contents needs the explicit confirmation. */
export const releaseMissesCannabinoids = (
  category: ProductCategory,
  batch: { thcContent: number | null; cbdContent: number | null },
): boolean =>
  measuredCannabinoidCategories.includes(category) &&
  (batch.thcContent === null || batch.cbdContent === null)

export const missingCannabinoidsMessage = (batchNumber: string) =>
  `Für Charge ${batchNumber} sind THC und CBD nicht gemessen hinterlegt. Trage die Werte aus dem Analysezertifikat nach oder bestätige die Freigabe ohne Messwerte ausdrücklich.`
