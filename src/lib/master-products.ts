import type { MasterProduct } from './product-schemas'

/**
 * The platform admin's master product database beside the list (which lives in `products.ts`):
 * what the detail and the change history of one master product hold, and the texts shared by
 * the services and the pages. Zod-free: the edit route's loader checks its id with `isUuid`.
 */

/** One master product as the edit form loads it. */
export interface MasterProductDetail {
  id: string
  /** The facts, status and image exactly as the form and `masterProductSchema` take them. */
  product: MasterProduct
  /** Sent back with an update: a save based on an older revision is refused (optimistic lock). */
  revision: number
  createdAt: string
  updatedAt: string
  /** Organisations whose product list holds it, not archived. */
  activeListings: number
  /** Organisations that listed it and archived the listing since. */
  archivedListings: number
}

/** A value of a product field as the audit log keeps it (text, number, yes/no, terpene list). */
export type AuditedValue = string | number | boolean | null | string[]

/** A field of a master product that changed, with its stored values before and after. */
export interface MasterProductFieldChange {
  field: string
  before: AuditedValue
  after: AuditedValue
}

/** One entry of a product's change history (from the audit log). */
export interface ProductHistoryEntry<TAction extends string> {
  id: string
  action: TAction
  at: string
  /** The acting user's name; a platform job's name; null when the user is gone. */
  actorName: string | null
  /** Every field the change set (for `created`, every field with a value). */
  changes: MasterProductFieldChange[]
}

export type MasterProductHistoryEntry = ProductHistoryEntry<'created' | 'updated'>

export const staleMasterProductMessage =
  'Das Produkt wurde inzwischen geändert. Bitte lade die Seite neu.'

/** How the history names the fields of the audit rows (`auditedProductFields`). */
export const masterProductFieldLabels: Record<string, string> = {
  pzn: 'PZN',
  name: 'Name',
  manufacturer: 'Hersteller',
  brand: 'Marke',
  category: 'Kategorie',
  cultivar: 'Sorte',
  genetics: 'Genetik',
  dominance: 'Dominanz',
  thcContent: 'THC',
  cbdContent: 'CBD',
  cannabinoidUnit: 'Einheit des Gehalts',
  terpenes: 'Terpene',
  irradiated: 'Bestrahlt',
  countryOfCultivation: 'Anbauland',
  packSize: 'Packungsgröße',
  packUnit: 'Einheit der Packung',
  description: 'Beschreibung',
  status: 'Status',
  imageFileId: 'Bild',
  imageIsPackPhoto: 'Packungsfoto bestätigt',
}
