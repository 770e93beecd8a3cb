import { ConflictError } from '../errors.server'
import type { DocumentItem, DocumentVatExemption } from './document-content'

/**
 * Why an invoice's 0 % lines carry no VAT (ADR 054, docs/domain.md). § 14 Abs. 4 Nr. 8 UStG wants
 * the reason on every invoice with a tax exemption, EN 16931 its VAT category with the reason text
 * and code (BT-118, BT-120, BT-121). Decided once at issue from the seller's status and the
 * recipient's country and VAT id, then frozen with the content; a 0 % line no reason covers is
 * refused, and so is VAT on the invoice of a small business.
 */

/** EU member states (ISO 3166-1; Greece is GR here, EL only in VAT ids). */
const euCountries = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
])

export const vatExemptions = {
  /** § 19 Abs. 1 UStG (since 2025: the small business's sales are exempt). No VATEX code fits. */
  smallBusiness: {
    category: 'E',
    reason: 'Steuerfreier Umsatz eines Kleinunternehmers nach § 19 Abs. 1 UStG',
    code: null,
  },
  /** § 4 Nr. 1 Buchst. b, § 6a UStG: to a business in another member state, with its VAT id. */
  intraCommunity: {
    category: 'K',
    reason: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 Buchst. b, § 6a UStG)',
    code: 'VATEX-EU-IC',
  },
  /** § 4 Nr. 1 Buchst. a, § 6 UStG: goods that leave the EU. */
  export: {
    category: 'G',
    reason: 'Steuerfreie Ausfuhrlieferung (§ 4 Nr. 1 Buchst. a, § 6 UStG)',
    code: 'VATEX-EU-G',
  },
} as const satisfies Record<string, DocumentVatExemption>

export const smallBusinessVatMessage =
  'Als Kleinunternehmer (§ 19 UStG) weist du keine Umsatzsteuer aus: Bitte stelle die Positionen dieser Bestellung auf 0 % um oder ändere die Angabe „Kleinunternehmer“ im Briefkopf deiner Organisation.'
export const zeroRateWithoutReasonMessage =
  'Positionen mit 0 % Umsatzsteuer sind nur steuerfrei, wenn ein Grund dafür vorliegt: eine Lieferung an ein Unternehmen mit USt-IdNr. in einem anderen EU-Land, eine Ausfuhr in ein Land außerhalb der EU oder die Kleinunternehmerregelung (§ 19 UStG). Hier trifft keiner zu. Bitte prüfe den Steuersatz der Produkte.'
export const sellerVatIdForExemptionMessage =
  'Für eine steuerfreie Lieferung ins Ausland muss deine USt-IdNr. im Briefkopf stehen (§ 14a UStG).'

export interface VatTreatmentFacts {
  seller: { smallBusiness: boolean; vatId: string | null; country: string }
  /** The recipient's country is where the goods go (the e-invoice's deliver-to address). */
  recipient: { kind: 'person' | 'business'; vatId: string | null; address: { country: string } }
  items: readonly Pick<DocumentItem, 'vatRate'>[]
}

/** The exemption of the invoice's 0 % lines, null without any; throws where none applies. */
export function vatExemptionOf(facts: VatTreatmentFacts): DocumentVatExemption | null {
  const { seller, recipient, items } = facts
  const destinationCountry = recipient.address.country
  const zeroRated = items.some((item) => item.vatRate === '0')
  if (seller.smallBusiness) {
    if (items.some((item) => item.vatRate !== '0')) throw new ConflictError(smallBusinessVatMessage)
    return vatExemptions.smallBusiness
  }
  if (!zeroRated) return null
  const abroad = destinationCountry !== seller.country
  const foreignVatId =
    recipient.kind === 'business' &&
    recipient.vatId !== null &&
    !recipient.vatId.toUpperCase().startsWith(seller.country)
  const exemption =
    abroad && !euCountries.has(destinationCountry)
      ? vatExemptions.export
      : abroad && foreignVatId
        ? vatExemptions.intraCommunity
        : null
  if (!exemption) throw new ConflictError(zeroRateWithoutReasonMessage)
  if (!seller.vatId) throw new ConflictError(sellerVatIdForExemptionMessage)
  return exemption
}
