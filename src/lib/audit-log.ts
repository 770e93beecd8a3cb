import type { AuditLogSearch } from './audit-log-lists'
import {
  customerOrderStatusLabels,
  deliveryMethodLabels,
  paymentStatusLabels,
} from './customer-orders'
import { eInvoiceFormatLabels } from './customers'
import { fillingProtocolStatusLabels } from './filling-protocol-lists'
import { formatCount, formatDate, formatMoney, isCalendarDay } from './format'
import { handoutStatusLabels } from './handout-lists'
import type { PageSize } from './list-query'
import { masterProductFieldLabels } from './master-products'
import { numberSeriesLabels } from './number-series'
import {
  productCategoryLabels,
  productStatusLabels,
  salesUnitLabels,
  vatRateLabels,
} from './products'
import { purchaseOrderStatusLabels } from './purchase-orders'
import { batchStatusLabels } from './stock'

/**
 * The platform admin's audit log viewer (ADR 007, 042): what a row and an event hold, and how the
 * log's codes read in German. The search params live in `audit-log-lists.ts`.
 */

export type AuditActorKind = 'business_user' | 'shop_user' | 'visitor' | 'system'

/** Who acted: the audit row's kind and id, with the name of the user or shop customer when known. */
export interface AuditActorView {
  kind: AuditActorKind
  /** User or shop-user id; the job's name for `system`; null for visitors. */
  id: string | null
  /** The user's or shop customer's name; null for jobs, visitors and accounts that are gone. */
  name: string | null
}

/** One row of the log as the list shows it. */
export interface AuditLogRow {
  id: string
  /** ISO time (milliseconds). */
  at: string
  /** The row's place in the order, for the next or previous page. */
  cursor: string
  organisation: { id: string; name: string } | null
  actor: AuditActorView
  action: string
  entityType: string
  entityId: string
  /** Fields whose value differs between before and after (all of `after` for a new record). */
  changedFields: string[]
  /** No `before`: the event created the record (or is no change of one, e.g. a login). */
  created: boolean
}

/**
 * One page, newest first. There is no total: counting every matching row on each page is what
 * would make the log slow at scale (ADR 042); the cursors say whether more pages exist.
 */
export interface AuditLogPage {
  items: AuditLogRow[]
  pageSize: PageSize
  /** Cursor of the page of newer rows, or null when this is the newest. */
  newer: string | null
  /** Cursor of the page of older rows, or null when this is the oldest. */
  older: string | null
}

/** A value as the log stores it (JSON). */
export type AuditValue =
  | string
  | number
  | boolean
  | null
  | AuditValue[]
  | { [key: string]: AuditValue }

/** The business fields of one side of an event. */
export type AuditFields = { [field: string]: AuditValue }

/** A field of an event: its value before and after, and whether it changed. */
export interface AuditFieldChange {
  field: string
  before: AuditValue
  after: AuditValue
  changed: boolean
}

/** One event with everything the diff view shows. */
export interface AuditEventDetail extends AuditLogRow {
  requestId: string | null
  before: AuditFields | null
  after: AuditFields | null
  /** Every field of before and after; the changed ones first. */
  fields: AuditFieldChange[]
}

export interface AuditLogFilterOptions {
  organisations: { id: string; name: string }[]
  /** Every action the log holds (a cheap skip scan of its index, not a scan of the table). */
  actions: string[]
  /** Every entity type the log holds. */
  entityTypes: string[]
  /** The chosen organisation's business users; none without an organisation. */
  actors: { id: string; name: string; active: boolean }[]
  /** The actor filtered by, when it is one: so the filter can name them. */
  currentActor: AuditActorView | null
}

/** The organisation filter's value for events of no organisation (the platform's, master products). */
export const noOrganisation = 'none'

/** The search params that narrow the log (the page and the dialog do not). */
export const auditLogFilterKeys = [
  'organisation',
  'actor',
  'action',
  'entity',
  'entityId',
  'from',
  'to',
] as const satisfies readonly (keyof AuditLogSearch)[]

export type AuditLogFilters = Pick<AuditLogSearch, (typeof auditLogFilterKeys)[number]>

/** Whether a filter is applied (an empty page then means "no match"). */
export const isAuditLogNarrowed = (search: AuditLogSearch) =>
  auditLogFilterKeys.some((key) => search[key] !== undefined)

/** The filters alone: what the export takes. */
export function auditLogFilters(search: AuditLogSearch): AuditLogFilters {
  const filters: AuditLogFilters = {}
  for (const key of auditLogFilterKeys) if (search[key] !== undefined) filters[key] = search[key]
  return filters
}

/** A CSV export holds at most this many rows; more must be narrowed first. */
export const auditExportMaxRows = 50_000
export const auditExportTooLargeMessage = `Der Export umfasst höchstens ${formatCount(auditExportMaxRows)} Einträge. Bitte grenze Zeitraum oder Filter weiter ein.`

/** What replaces a personal value in the log (`personalValueChanged` in audit.server.ts). */
export const personalValueMarker = 'changed'

// ─── Labels ─────────────────────────────────────────────────────────────────────────────────

export const auditActionLabels: Record<string, string> = {
  'auth.login': 'Anmeldung',
  'auth.logout': 'Abmeldung',
  'auth.password_reset': 'Passwort zurückgesetzt',
  'account.password_changed': 'Passwort geändert',
  'contact.message_received': 'Kontaktnachricht eingegangen',
  'organisation.created': 'Organisation angelegt',
  'organisation.letterhead_updated': 'Briefkopf geändert',
  'organisation.number_prefix_set': 'Nummernkreis-Kürzel festgelegt',
  'organisation.receipts_released_changed': 'Freigabe bei Wareneingang geändert',
  'tenant.mollie_key_set': 'Mollie-Schlüssel hinterlegt',
  'tenant.mollie_key_removed': 'Mollie-Schlüssel entfernt',
  'member.role_changed': 'Rolle geändert',
  'member.deactivated': 'Mitglied deaktiviert',
  'member.reactivated': 'Mitglied reaktiviert',
  'invitation.sent': 'Einladung versandt',
  'invitation.resent': 'Einladung erneut versandt',
  'invitation.revoked': 'Einladung zurückgezogen',
  'invitation.accepted': 'Einladung angenommen',
  'master_product.created': 'Stammprodukt angelegt',
  'master_product.updated': 'Stammprodukt geändert',
  'organisation_product.created': 'Produkt übernommen',
  'organisation_product.updated': 'Produkt geändert',
  'organisation_product.archived': 'Produkt archiviert',
  'organisation_product.restored': 'Produkt wiederhergestellt',
  'organisation_product.master_acknowledged': 'Stammdatenänderung bestätigt',
  'batch.received': 'Wareneingang',
  'batch.released': 'Charge freigegeben',
  'batch.blocked': 'Charge gesperrt',
  'batch.corrected': 'Bestand korrigiert',
  'batch.destroyed': 'Ware vernichtet',
  'batch.certificate_attached': 'Analysezertifikat angehängt',
  'batch.cannabinoids_corrected': 'THC/CBD nachgetragen oder korrigiert',
  'batch.filled': 'Abgefüllte Charge eingebucht',
  'customer.created': 'Kunde angelegt',
  'customer.updated': 'Kunde geändert',
  'customer.deactivated': 'Kunde deaktiviert',
  'customer.reactivated': 'Kunde reaktiviert',
  'customer.note_added': 'Notiz zum Kunden',
  'customer.shop_account_linked': 'Kundenkonto verknüpft',
  'customer.shop_account_unlinked': 'Kundenkonto getrennt',
  'customer.exported': 'Datenauskunft erstellt',
  'customer.list_exported': 'Kundenliste als CSV exportiert',
  'customer.anonymised': 'Kunde anonymisiert',
  'customer.restricted': 'Mitglied gesperrt (Aufbewahrungsfrist)',
  'supplier.created': 'Lieferant angelegt',
  'supplier.updated': 'Lieferant geändert',
  'supplier.archived': 'Lieferant archiviert',
  'supplier.restored': 'Lieferant wiederhergestellt',
  'purchase_order.created': 'Einkauf angelegt',
  'purchase_order.updated': 'Einkauf geändert',
  'purchase_order.ordered': 'Einkauf bestellt',
  'purchase_order.confirmed': 'Einkauf bestätigt',
  'purchase_order.shipped': 'Einkauf versandt',
  'purchase_order.received': 'Einkauf eingegangen',
  'purchase_order.cancelled': 'Einkauf storniert',
  'customer_order.created': 'Bestellung angelegt',
  'customer_order.updated': 'Bestellung geändert',
  'customer_order.confirmed': 'Bestellung bestätigt',
  'customer_order.ready': 'Bestellung abholbereit',
  'customer_order.shipped': 'Bestellung versandt',
  'customer_order.completed': 'Bestellung abgeschlossen',
  'customer_order.cancelled': 'Bestellung storniert',
  'customer_order.expired': 'Bestellung abgelaufen',
  'customer_order.payment_changed': 'Zahlung geändert',
  'customer_order.prescription_recorded': 'Rezept erfasst',
  'customer_order.prescription_checked': 'Rezept geprüft',
  'customer_order.prescription_original': 'Rezept-Original / E-Rezept-Einlösung vermerkt',
  'customer_order.withdrawn': 'Widerruf des Kunden eingegangen',
  'document.issued': 'Dokument ausgestellt',
  'document.reissued': 'Dokument neu ausgestellt (Darstellungsfehler)',
  'hand_out.created': 'Abgabe erfasst',
  'hand_out.cancelled': 'Abgabe storniert',
  'filling_protocol.started': 'Abfüllung begonnen',
  'filling_protocol.weighed': 'Abfüllung: Gewichte gespeichert',
  'filling_protocol.submitted': 'Abfüllung zur Prüfung übergeben',
  'filling_protocol.confirmed': 'Abfüllung geprüft und bestätigt',
  'filling_protocol.cancelled': 'Abfüllung storniert',
  'shop_user.profile_changed': 'Kundenkonto: Daten geändert',
  'shop_user.password_changed': 'Kundenkonto: Passwort geändert',
  'shop_user.email_change_requested': 'Kundenkonto: neue E-Mail angefragt',
  'shop_user.email_changed': 'Kundenkonto: E-Mail geändert',
  'shop_user.exported': 'Kundenkonto: Daten exportiert',
  'shop_user.deleted': 'Kundenkonto gelöscht',
}

export const auditEntityLabels: Record<string, string> = {
  session: 'Sitzung',
  user: 'Benutzer',
  organisation: 'Organisation',
  tenant: 'Shop',
  invitation: 'Einladung',
  contact_message: 'Kontaktnachricht',
  master_product: 'Stammprodukt',
  organisation_product: 'Produkt',
  batch: 'Charge',
  customer: 'Kunde',
  supplier: 'Lieferant',
  purchase_order: 'Einkauf',
  customer_order: 'Bestellung',
  document: 'Dokument',
  hand_out: 'Abgabe',
  filling_protocol: 'Abfüllprotokoll',
  shop_user: 'Kundenkonto',
  reservation: 'Reservierung',
}

/** Names of the business fields the log records; a field without one shows its own name. */
export const auditFieldLabels: Record<string, string> = {
  ...masterProductFieldLabels,
  accountType: 'Kontoart',
  bulkBatchId: 'Ausgangscharge',
  bulkBatchNumber: 'Nummer der Ausgangscharge',
  bulkProductName: 'Produkt der Ausgangscharge',
  deviations: 'Begründete Abweichungen',
  filledBatchId: 'Neue Charge',
  filledFromBatchId: 'Abgefüllt aus Charge',
  lossMg: 'Verlust (mg)',
  lossReason: 'Grund des Verlusts',
  netTotalMg: 'Summe netto (mg)',
  prefix: 'Kürzel',
  series: 'Nummernkreis',
  packListingId: 'Packungsprodukt',
  packProductName: 'Name des Packungsprodukts',
  targetNetMg: 'Sollgewicht je Einheit (mg)',
  toleranceBasisPoints: 'Toleranz (0,01 %)',
  unitCount: 'Einheiten',
  weighedUnits: 'Gewogene Einheiten',
  withdrawnMg: 'Entnommen (mg)',
  active: 'Aktiv',
  anonymised: 'Anonymisiert',
  restricted: 'Gesperrt (Aufbewahrungsfrist)',
  archived: 'Archiviert',
  balance: 'Bestand',
  baseUnitsPerSalesUnit: 'Basiseinheiten je Verkaufseinheit',
  batchId: 'Charge',
  batchNumber: 'Chargennummer',
  cancelMovementId: 'Gegenbuchung',
  blockedReason: 'Sperrgrund',
  cancelReason: 'Stornogrund',
  cancels: 'Storniert Dokument',
  channel: 'Kanal',
  city: 'Ort',
  coaFileId: 'Analysezertifikat',
  contactName: 'Ansprechperson',
  contactPerson: 'Ansprechperson',
  copaymentExempt: 'Zuzahlungsbefreit',
  country: 'Land',
  companyName: 'Firma',
  copaymentCents: 'Zuzahlung',
  customerId: 'Kunde',
  delivery: 'Lieferadresse',
  deliveryMethod: 'Lieferart',
  eInvoice: 'E-Rechnung',
  birthDate: 'Geburtsdatum',
  email: 'E-Mail',
  firstName: 'Vorname',
  idCheckedOn: 'Ausweis geprüft am',
  insuranceNumber: 'Versichertennummer',
  insurerName: 'Krankenkasse',
  joinedOn: 'Eintritt',
  lastName: 'Nachname',
  leftOn: 'Austritt',
  noOtherClubDeclaredOn: 'Erklärung keine andere Anbauvereinigung',
  residenceDeclaredOn: 'Nachweis Wohnsitz in Deutschland',
  teamUserId: 'Verknüpftes Benutzerkonto',
  membershipNumber: 'Mitgliedsnummer',
  expiryDate: 'Verfallsdatum',
  grossCents: 'Brutto',
  handedOutOn: 'Abgabetag',
  insurerCents: 'Anteil Kostenträger',
  items: 'Positionen',
  kind: 'Art',
  licenceNumber: 'Erlaubnisnummer',
  licenceType: 'Art der Erlaubnis',
  licenceAuthority: 'Erlaubnis erteilt von',
  licenceValidUntil: 'Erlaubnis gültig bis',
  medcanPermitNumber: 'MedCanG-Erlaubnis',
  amgLicenceNumber: 'AMG-Erlaubnis',
  amgLicenceAuthority: 'AMG-Erlaubnis erteilt von',
  lowStockThreshold: 'Meldebestand',
  targetStock: 'Zielbestand',
  minOrderQuantity: 'Mindestbestellmenge',
  maxOrderQuantity: 'Höchstbestellmenge',
  mollieMode: 'Mollie-Modus',
  movementId: 'Bestandsbewegung',
  movements: 'Bewegungen',
  netCents: 'Netto',
  newBatch: 'Neue Charge',
  note: 'Notiz',
  noteId: 'Notiz-ID',
  partnerOrganisationId: 'Organisation auf Blattwerk',
  payerKind: 'Kostenträger',
  number: 'Nummer',
  orderId: 'Bestellung',
  orderNumber: 'Bestellnummer',
  orderStep: 'Bestellschritt',
  origin: 'Herkunft',
  paymentStatus: 'Zahlung',
  pdfSha256: 'PDF (SHA-256)',
  phone: 'Telefon',
  picks: 'Entnommen aus',
  prescription: 'Rezept',
  prescriptionChecked: 'Rezept geprüft',
  prescriptionOriginal: 'Original / E-Rezept',
  priceCents: 'Preis',
  organisationProductId: 'Produkt',
  productId: 'Stammprodukt',
  productName: 'Produktname',
  productRevisionSeen: 'Gesehene Stammdaten-Version',
  quantity: 'Menge',
  reason: 'Grund',
  receipts: 'Eingänge',
  receiptsReleased: 'Wareneingang sofort freigegeben',
  revision: 'Version',
  role: 'Rolle',
  salesUnit: 'Verkaufseinheit',
  shopUserId: 'Kundenkonto',
  street: 'Straße',
  postalCode: 'PLZ',
  source: 'Quelle',
  supplierId: 'Lieferant',
  supplierOrganisationId: 'Lieferant auf Blattwerk',
  userId: 'Benutzer',
  vatId: 'USt-IdNr.',
  eInvoiceAddress: 'E-Rechnungsadresse',
  eInvoiceFormat: 'E-Rechnungsformat',
  tenantSlug: 'Shop-Adresse',
  testNumber: 'Prüfnummer',
  thcContent: 'THC',
  cbdContent: 'CBD',
  releasedWithoutCannabinoids: 'Ohne THC-/CBD-Messwerte freigegeben',
  vatCents: 'MwSt.',
  vatRate: 'MwSt.-Satz',
  visibleInShop: 'Im Shop sichtbar',
}

/** The words of coded values, by field. */
const valueLabels: Record<string, Record<string, string>> = {
  role: { admin: 'Administration', owner: 'Inhaber/in', staff: 'Mitarbeiter/in' },
  accountType: { b2b: 'Geschäftskonto', b2c: 'Kundenkonto' },
  origin: { purchase: 'Einkauf', harvest: 'Ernte' },
  salesUnit: salesUnitLabels,
  category: productCategoryLabels,
  vatRate: vatRateLabels,
  paymentStatus: paymentStatusLabels,
  deliveryMethod: deliveryMethodLabels,
  eInvoiceFormat: eInvoiceFormatLabels,
  /** A document's audit row: the e-invoice it went out as. */
  eInvoice: eInvoiceFormatLabels,
  series: numberSeriesLabels,
}

/** The status words of the entity types that have one. */
const statusLabelsByEntity: Record<string, Record<string, string>> = {
  customer_order: customerOrderStatusLabels,
  purchase_order: purchaseOrderStatusLabels,
  batch: batchStatusLabels,
  master_product: productStatusLabels,
  hand_out: handoutStatusLabels,
  filling_protocol: fillingProtocolStatusLabels,
}

export const auditActionLabel = (action: string) => auditActionLabels[action] ?? action
export const auditEntityLabel = (type: string) => auditEntityLabels[type] ?? type
export const auditFieldLabel = (field: string) => auditFieldLabels[field] ?? field

/**
 * "Plattform-Admin", "Kundenkonto 3f2a9c1e", "System: outbox-sender", "Besucher ohne Konto". A shop
 * customer is a patient: the platform's log names the account, never the person (special category
 * data, Art. 9 DSGVO) — the pharmacy sees who it is in its own records.
 */
export function auditActorLabel(actor: AuditActorView): string {
  switch (actor.kind) {
    case 'business_user':
      return actor.name ?? 'Unbekannter Benutzer'
    case 'shop_user':
      return `Kundenkonto ${actor.id?.slice(0, 8) ?? 'unbekannt'}`
    case 'system':
      return `System: ${actor.id ?? 'unbekannt'}`
    case 'visitor':
      return 'Besucher ohne Konto'
  }
}

/** A value of the log as a person reads it. */
export function auditValueText(field: string, value: unknown, entityType?: string): string {
  if (value === null || value === undefined || value === '') return '–'
  if (value === personalValueMarker) return 'geändert (Wert wird nicht protokolliert)'
  if (typeof value === 'boolean') return value ? 'ja' : 'nein'
  if (typeof value === 'number') {
    if (field.endsWith('Cents') && Number.isSafeInteger(value)) return formatMoney(value)
    return value.toLocaleString('de-DE')
  }
  if (typeof value === 'string') {
    if (field === 'status' && entityType) return statusLabelsByEntity[entityType]?.[value] ?? value
    const label = valueLabels[field]?.[value]
    if (label) return label
    if (isCalendarDay(value)) return formatDate(value)
    return value
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length ? value.join(', ') : '–'
  }
  return JSON.stringify(value)
}

const dateTimeWithSeconds = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** A moment of the log in German time, to the second: "05.03.2026, 14:30:07". */
export const formatAuditTime = (value: Date | string) => dateTimeWithSeconds.format(new Date(value))

// ─── The diff ───────────────────────────────────────────────────────────────────────────────

/** Whether two JSON values are the same (objects compared by their keys, not their order). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return (a ?? null) === (b ?? null)
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = new Set([...Object.keys(left), ...Object.keys(right)])
  return [...keys].every((key) => sameValue(left[key], right[key]))
}

/**
 * Every field of an event's before and after, the changed ones first, each group in the order
 * of their German names. A personal field shows only as "geändert" (ADR 007). A new record
 * (no before) counts every field it has as changed.
 */
export function auditFieldChanges(
  before: AuditFields | null,
  after: AuditFields | null,
): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields
    .map((field) => {
      const previous = before?.[field] ?? null
      const next = after?.[field] ?? null
      return { field, before: previous, after: next, changed: !sameValue(previous, next) }
    })
    .sort(
      (a, b) =>
        Number(b.changed) - Number(a.changed) ||
        auditFieldLabel(a.field).localeCompare(auditFieldLabel(b.field), 'de'),
    )
}
