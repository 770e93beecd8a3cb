import type {
  CustomerKind,
  CustomerOrderStatus,
  DeliveryMethod,
  EInvoiceFormat,
  LicenceType,
  OrderChannel,
  PayerKind,
  PaymentStatus,
  PrescriptionForm,
} from './customer-enums'
import type { ListResult } from './list-query'
import type { CannabinoidUnit, PackUnit, SalesUnit, VatRate } from './products'

/**
 * Customers and club members: the words and values shared by the pages and the services. No zod
 * here — pages import it (ADR 013).
 */

export * from './customer-enums'

export const customerKindLabels: Record<CustomerKind, string> = {
  patient: 'Patient',
  business: 'Geschäftskunde',
  member: 'Mitglied',
}

export const eInvoiceFormatLabels: Record<EInvoiceFormat, string> = {
  xrechnung: 'XRechnung (XML)',
  zugferd: 'ZUGFeRD (PDF mit eingebetteter XML)',
}

export const licenceTypeLabels: Record<LicenceType, string> = {
  pharmacy: 'Apothekenbetriebserlaubnis (§ 1 ApoG)',
  wholesale: 'Großhandelserlaubnis (§ 52a AMG)',
  manufacturing: 'Herstellungserlaubnis (§ 13 AMG)',
}

export const payerKindLabels: Record<PayerKind, string> = {
  statutory: 'Gesetzlich versichert (GKV)',
  private: 'Privat versichert (PKV)',
  self_pay: 'Selbstzahler',
}

/** Prefix of customer numbers: `KD-00042`; they never restart (counter year 0). */
export const customerNumberPrefix = 'KD'

export * from './customer-lists'

/** What anonymising leaves in the name fields (orders and invoices keep showing the customer). */
export const anonymisedName = 'Anonymisiert'

/** A customer's state as the list and its CSV export name it. */
export function customerStatusLabel(customer: { active: boolean; anonymised: boolean }): string {
  if (customer.anonymised) return 'Anonymisiert'
  return customer.active ? 'Aktiv' : 'Deaktiviert'
}

/** The name of the customer list's CSV export on a Berlin day: `kunden-2026-03-01.csv`. */
export const customerListCsvFileName = (day: string, members: boolean) =>
  `${members ? 'mitglieder' : 'kunden'}-${day}.csv`

/** KCanG § 16: a club has at most 500 members; only adults may join. */
export const maxActiveMembers = 500
export const minimumMemberAge = 18
/** The least minimum membership a club's statutes may set (§ 16 Abs. 5 KCanG). */
export const statutoryMinMembershipMonths = 3

type OrganisationCategory = 'platform' | 'pharmacy' | 'wholesaler' | 'producer' | 'club'

/**
 * The kinds of customer an organisation keeps: pharmacies sell to patients and businesses
 * (practices, other pharmacies), wholesalers and producers only to businesses, clubs hand out to
 * members only.
 */
export function customerKindsFor(category: OrganisationCategory): readonly CustomerKind[] {
  switch (category) {
    case 'pharmacy':
      return ['patient', 'business']
    case 'wholesaler':
    case 'producer':
      return ['business']
    case 'club':
      return ['member']
    default:
      return []
  }
}

/**
 * Wholesalers and producers sell only to licensed businesses (§ 47 AMG, MedCanG § 4): their
 * business customers carry a licence, and orders need it valid.
 */
export const licenceRequiredFor = (category: OrganisationCategory) =>
  category === 'wholesaler' || category === 'producer'

/** A licence expiring within this many days shows on the dashboard. */
export const licenceWarningDays = 30

/** The recorded licence of a business customer. */
export interface CustomerLicence {
  licenceType: LicenceType | null
  licenceNumber: string | null
  licenceAuthority: string | null
  licenceValidUntil: string | null
  medcanPermitNumber: string | null
}

/**
 * Why a customer's licence does not allow a sale on `day` (`YYYY-MM-DD`), or null when it does:
 * type, number, authority and validity recorded, not expired, and for a wholesaler or
 * manufacturer also the MedCanG permit. A licence valid until a day holds on that day.
 */
export function licenceProblem(
  customer: CustomerLicence & { companyName: string | null },
  day: string,
): string | null {
  const name = customer.companyName ?? 'Der Kunde'
  if (
    !customer.licenceType ||
    !customer.licenceNumber ||
    !customer.licenceAuthority ||
    !customer.licenceValidUntil ||
    (customer.licenceType !== 'pharmacy' && !customer.medcanPermitNumber)
  ) {
    return `Für ${name} ist keine vollständige Erlaubnis erfasst. Großhändler und Hersteller dürfen nur an Kunden mit gültiger Erlaubnis liefern (§ 47 AMG, § 4 MedCanG) – bitte erfasse sie beim Kunden.`
  }
  if (customer.licenceValidUntil < day) {
    const [y, m, d] = customer.licenceValidUntil.split('-')
    return `Die Erlaubnis von ${name} ist am ${d}.${m}.${y} abgelaufen. Bitte erfasse die neue Erlaubnis beim Kunden, bevor du lieferst (§ 47 AMG, § 4 MedCanG).`
  }
  return null
}

/** `KD-00042`: customer numbers count for ever (no year). */
export const formatCustomerNumber = (value: number) =>
  `${customerNumberPrefix}-${String(value).padStart(5, '0')}`

/** How a customer is named in lists and pickers: the company, or first and last name. */
export function customerDisplayName(customer: {
  kind: CustomerKind
  firstName: string | null
  lastName: string | null
  companyName: string | null
}): string {
  if (customer.kind === 'business') return customer.companyName ?? anonymisedName
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || anonymisedName
}

/** Whole years between a birth date and a day (both `YYYY-MM-DD`): the age on that day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number]
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/** The customer as a picker (e.g. the order form) chooses it. */
export interface CustomerOption {
  id: string
  number: string
  displayName: string
  kind: CustomerKind
  payerKind: PayerKind | null
  insurerName: string | null
  insuranceNumber: string | null
  copaymentExempt: boolean
  street: string | null
  postalCode: string | null
  city: string | null
  country: string
}

/** What an organisation's customer area looks like for the acting user. */
export interface CustomerOwner {
  id: string
  name: string
  /** The kinds this organisation keeps (a club: members only). */
  kinds: readonly CustomerKind[]
  /** Clubs call the area "Mitglieder". */
  members: boolean
  /** Anonymising is the owner's decision. */
  canAnonymise: boolean
  /** Wholesalers and producers: business customers need a licence (`licenceRequiredFor`). */
  licenceRequired: boolean
}

export interface CustomerRow {
  id: string
  number: string
  kind: CustomerKind
  displayName: string
  email: string | null
  city: string | null
  membershipNumber: string | null
  active: boolean
  anonymised: boolean
  createdAt: string
}

export interface CustomerList extends ListResult<CustomerRow> {
  owner: CustomerOwner
}

/** Every stored field of a customer, as the edit form and the export show them. */
export interface CustomerFields {
  kind: CustomerKind
  firstName: string | null
  lastName: string | null
  birthDate: string | null
  companyName: string | null
  contactPerson: string | null
  vatId: string | null
  licenceType: LicenceType | null
  licenceNumber: string | null
  licenceAuthority: string | null
  licenceValidUntil: string | null
  medcanPermitNumber: string | null
  eInvoiceAddress: string | null
  eInvoiceFormat: EInvoiceFormat
  street: string | null
  postalCode: string | null
  city: string | null
  country: string
  email: string | null
  phone: string | null
  payerKind: PayerKind | null
  insurerName: string | null
  insuranceNumber: string | null
  copaymentExempt: boolean
  membershipNumber: string | null
  joinedOn: string | null
  idCheckedOn: string | null
  leftOn: string | null
  /** Members: declaration of no other club, proof of residence in Germany (§ 16 Abs. 3, 4 KCanG). */
  noOtherClubDeclaredOn: string | null
  residenceDeclaredOn: string | null
  /** The club's user account this member works with (§ 19 Abs. 2 KCanG). */
  teamUserId: string | null
}

export interface CustomerOrderSummary {
  id: string
  number: string
  createdAt: string
  status: CustomerOrderStatus
  paymentStatus: PaymentStatus
  grossCents: number
}

export interface CustomerNote {
  id: string
  body: string
  createdAt: string
  authorName: string | null
}

export interface CustomerDetail extends CustomerFields {
  id: string
  number: string
  displayName: string
  /** The platform organisation this business customer is (orders between organisations). */
  partnerOrganisationName: string | null
  shopAccount: { id: string; email: string; name: string; shopName: string } | null
  active: boolean
  deactivatedAt: string | null
  anonymisedAt: string | null
  /** A member kept for the authority until their hand-out records may go (§ 26 KCanG). */
  restrictedAt: string | null
  revision: number
  createdAt: string
  updatedAt: string
  owner: CustomerOwner
  orders: CustomerOrderSummary[]
  notes: CustomerNote[]
  /** Orders still being worked: anonymising is refused while there are any. */
  openOrderCount: number
  /** Members: who recorded each declaration, and the linked team member's name. */
  noOtherClubRecordedByName: string | null
  residenceRecordedByName: string | null
  teamUserName: string | null
  /** Members: the club's users the owner may link (only shown to the owner). */
  teamUserOptions: { id: string; name: string }[]
}

export interface CustomerExportItem {
  position: number
  name: string
  pzn: string | null
  quantity: number
  salesUnit: SalesUnit
  unitPriceCents: number
  vatRate: VatRate
  copaymentCents: number
}

export interface CustomerExportOrder extends CustomerOrderSummary {
  channel: OrderChannel
  deliveryMethod: DeliveryMethod
  deliveryName: string | null
  deliveryStreet: string | null
  deliveryPostalCode: string | null
  deliveryCity: string | null
  deliveryCountry: string | null
  note: string | null
  netCents: number
  vatCents: number
  copaymentCents: number
  insurerCents: number
  items: CustomerExportItem[]
  prescription: {
    payer: PayerKind
    form: PrescriptionForm
    prescriberName: string
    issuedOn: string
    dosage: string | null
    insurerName: string | null
    insuranceNumber: string | null
  } | null
}

/** Everything stored about a customer (Art. 15 and 20 DSGVO). */
export interface CustomerExport {
  exportedAt: string
  controller: {
    name: string
    street: string | null
    postalCode: string | null
    city: string | null
  }
  customer: CustomerFields & {
    id: string
    number: string
    active: boolean
    deactivatedAt: string | null
    anonymisedAt: string | null
    createdAt: string
    updatedAt: string
  }
  shopAccount: { email: string; name: string; shopName: string } | null
  notes: { body: string; createdAt: string }[]
  orders: CustomerExportOrder[]
  /** A club member's hand-outs (KCanG records), newest first. */
  handouts: CustomerExportHandout[]
}

export interface CustomerExportHandout {
  number: string
  handedOutAt: string
  productName: string
  batchNumber: string
  /** Base units of `packUnit` (milligrams for a club's). */
  quantity: number
  packUnit: PackUnit
  thcContent: number | null
  cbdContent: number | null
  cannabinoidUnit: CannabinoidUnit
  cancelledAt: string | null
}

/** Labels of the stored fields, for the export page and the form. */
export const customerFieldLabels: Record<keyof CustomerFields, string> = {
  kind: 'Art',
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthDate: 'Geburtsdatum',
  companyName: 'Firma',
  contactPerson: 'Ansprechperson',
  vatId: 'USt-IdNr.',
  licenceType: 'Art der Erlaubnis',
  licenceNumber: 'Erlaubnisnummer',
  licenceAuthority: 'Erteilt von (Behörde)',
  licenceValidUntil: 'Erlaubnis gültig bis',
  medcanPermitNumber: 'Erlaubnis nach § 4 MedCanG (Nr.)',
  eInvoiceAddress: 'E-Rechnungsadresse',
  eInvoiceFormat: 'E-Rechnungsformat',
  street: 'Straße und Hausnummer',
  postalCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  email: 'E-Mail',
  phone: 'Telefon',
  payerKind: 'Kostenträger',
  insurerName: 'Krankenkasse',
  insuranceNumber: 'Versichertennummer',
  copaymentExempt: 'Zuzahlungsbefreit',
  membershipNumber: 'Mitgliedsnummer',
  joinedOn: 'Mitglied seit',
  idCheckedOn: 'Ausweis geprüft am',
  leftOn: 'Ausgetreten zum',
  noOtherClubDeclaredOn: 'Erklärung keine andere Anbauvereinigung vom',
  residenceDeclaredOn: 'Wohnsitz in Deutschland nachgewiesen am',
  teamUserId: 'Verknüpftes Benutzerkonto',
}

/** A club's team accounts and the member records they are linked to (§ 19 Abs. 2 KCanG). */
export interface MemberLinks {
  /** Only the club's owner links (the board decides who hands out). */
  mayLink: boolean
  /** Per user id: the linked member's label and id. */
  linked: Record<string, { customerId: string; label: string }>
  /** Active members not linked to an account, to choose from. */
  candidates: { id: string; label: string }[]
}
