import { formatMoney } from './format'
import type { ListResult } from './list-query'
import type { ProductHistoryEntry } from './master-products'
import type { CustomProduct } from './product-schemas'
import {
  type CannabinoidUnit,
  type OrganisationProductRow,
  type OrganisationProductStatus,
  type PackUnit,
  type ProductCategory,
  type ProductStatus,
  type SalesUnit,
  salesUnitShortLabel,
  type VatRate,
  vatCents,
} from './products'

/**
 * An organisation's own products (`/products*`) beside their list search (in `product-lists.ts`):
 * what the detail, the take-over search and the history hold, and the texts shared by the
 * services and the pages. Only pages and services import it; the zod schemas are in
 * `organisation-product-schemas.ts`.
 */

export const organisationProductStatusLabels: Record<OrganisationProductStatus, string> = {
  current: 'aktuell',
  master_changed: 'Stammdaten geändert',
  withdrawn: 'zurückgezogen',
}

/** Whose products a list shows, and what the acting user may do with them. */
export interface ProductOwner {
  id: string
  name: string
  /** Owner and staff manage their organisation's products; the platform admin only reads. */
  canManage: boolean
  /** Clubs hand out to members and never show products in a shop (KCanG § 6). */
  shopAllowed: boolean
  /** Clubs list only what they grew themselves: no take-over from the master database. */
  takesOverMasterProducts: boolean
}

export interface OrganisationProductList extends ListResult<OrganisationProductRow> {
  owner: ProductOwner
}

/** How one organisation sells a product: the offer as the edit form loads it. */
export interface OrganisationProductOffer {
  salesUnit: SalesUnit
  priceCents: number
  vatRate: VatRate
  visibleInShop: boolean
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
  lowStockThreshold: number | null
  targetStock: number | null
}

/** One listing with its product, as the detail and the edit page show it. */
export interface OrganisationProductDetail {
  id: string
  owner: ProductOwner
  /** The product's facts; for a master product read-only, for an own product editable. */
  product: CustomProduct & { id: string; status: ProductStatus; revision: number }
  /** The organisation's own product rather than one from the master database. */
  custom: boolean
  offer: OrganisationProductOffer
  baseUnitsPerSalesUnit: number
  /** Stock in base units: available to sell, and waiting in quarantine for release. */
  stock: { available: number; quarantine: number }
  status: OrganisationProductStatus
  archivedAt: string | null
  createdAt: string
  updatedAt: string
  /** The listing's revision, sent back with a save: one based on an older revision is refused. */
  revision: number
}

/** A master product as the take-over search offers it. */
export interface MasterProductPick {
  id: string
  name: string
  pzn: string | null
  cultivar: string | null
  manufacturer: string
  category: ProductCategory
  thcContent: number | null
  cbdContent: number | null
  cannabinoidUnit: CannabinoidUnit | null
  packBaseUnits: number
  packUnit: PackUnit
  /** The organisation lists it already (perhaps archived): it cannot be taken over again. */
  listed: boolean
}

export type OrganisationProductAction =
  | 'created'
  | 'updated'
  | 'archived'
  | 'restored'
  | 'master_acknowledged'

export type OrganisationProductHistoryEntry = ProductHistoryEntry<OrganisationProductAction>

export const organisationProductActionLabels: Record<OrganisationProductAction, string> = {
  created: 'Angelegt',
  updated: 'Geändert',
  archived: 'Archiviert',
  restored: 'Wiederhergestellt',
  master_acknowledged: 'Stammdatenänderung bestätigt',
}

/** How the history names the listing's fields (`auditedListingFields`); facts use the master's. */
export const organisationProductFieldLabels: Record<string, string> = {
  productId: 'Produkt',
  salesUnit: 'Verkaufseinheit',
  baseUnitsPerSalesUnit: 'Basiseinheiten je Verkaufseinheit',
  priceCents: 'Preis (netto)',
  vatRate: 'MwSt.',
  visibleInShop: 'Im Shop sichtbar',
  orderStep: 'Bestellschritt',
  minOrderQuantity: 'Mindestmenge',
  maxOrderQuantity: 'Höchstmenge',
  lowStockThreshold: 'Meldebestand',
  targetStock: 'Zielbestand',
  archived: 'Archiviert',
  productRevisionSeen: 'Gesehener Stand der Stammdaten',
}

export const organisationProductNotFoundMessage = 'Dieses Produkt gibt es in deiner Liste nicht.'
export const staleOrganisationProductMessage =
  'Das Produkt wurde inzwischen geändert. Bitte lade die Seite neu.'
export const alreadyListedMessage =
  'Dieses Produkt führt deine Organisation bereits (gegebenenfalls im Archiv).'
export const withdrawnMasterMessage =
  'Dieses Produkt wurde vom Markt zurückgezogen und lässt sich nicht neu übernehmen.'
export const alreadyArchivedMessage = 'Das Produkt ist bereits archiviert.'
export const notArchivedMessage = 'Das Produkt ist nicht archiviert.'
export const archivedNotEditableMessage =
  'Archivierte Produkte lassen sich nicht bearbeiten. Bitte stelle es zuerst wieder her.'
export const withdrawnNotRestorableMessage =
  'Das Produkt wurde vom Markt zurückgezogen und lässt sich nicht wieder anbieten.'
export const salesUnitFixedMessage =
  'Die Verkaufseinheit steht seit dem Anlegen fest: Bestand und Bestellungen zählen in ihr.'
export const clubShopMessage =
  'Vereine zeigen keine Produkte in einem Shop (KCanG § 6); die Abgabe erfolgt nur an Mitglieder.'
export const clubMasterMessage =
  'Vereine geben nur selbst angebautes Cannabis ab und legen es als eigenes Produkt an.'
export const masterFactsReadOnlyMessage =
  'Die Stammdaten eines Produkts aus der Produktdatenbank lassen sich nicht ändern.'

/** "9,50 € / g", "85,00 € / Packung". */
export const formatUnitPrice = (priceCents: number, salesUnit: SalesUnit): string =>
  `${formatMoney(priceCents)} / ${salesUnitShortLabel(salesUnit)}`

/** The gross price of one sales unit: net plus its VAT, rounded half up (ADR 014). */
export const grossCents = (netCents: number, vatRate: VatRate): number =>
  netCents + vatCents(netCents, vatRate)
