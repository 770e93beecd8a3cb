import { formatCount } from './format'
import type { SalesUnit } from './products'
import { purchaseOrderItemSource } from './stock'
import type { StockWarning } from './stock-lists'

/**
 * The stock pages' words and display helpers. Apart from `stock-lists.ts`, whose list search
 * every route file loads with the first page (ADR 012, 013): only the pages load this.
 */

export const stockWarningLabels: Record<StockWarning, string> = {
  low: 'Unter Mindestbestand',
  expiring: 'Verfall in < 60 Tagen',
  quarantine: 'In Quarantäne',
  any: 'Eine der Warnungen',
}

/** How many movements the batch page lists; older ones stay in the ledger and the audit log. */
export const batchMovementLimit = 200

/** A number of sales units as the lists show it: "12 g", "1 Packung", "3 Packungen". */
export const formatSalesUnits = (units: number, salesUnit: SalesUnit): string =>
  salesUnit === 'gram'
    ? `${formatCount(units)} g`
    : `${formatCount(units)} ${units === 1 ? 'Packung' : 'Packungen'}`

/** The records that move or hold stock (stock.schema.ts names them), as the batch page says them. */
const sourceLabels: Record<string, string> = {
  [purchaseOrderItemSource]: 'Einkaufsbestellung',
  customer_order: 'Bestellung',
  shop_order: 'Shop-Bestellung',
  filling_protocol: 'Abfüllprotokoll',
}

/** A movement's or reservation's source; a kind this page does not know yet shows as stored. */
export const sourceLabel = (type: string | null): string =>
  type ? (sourceLabels[type] ?? type) : '–'
