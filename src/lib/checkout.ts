import { z } from 'zod'
import {
  type DeliveryMethod,
  deliveryMethods,
  type PayerKind,
  type PaymentStatus,
  type PrescriptionEvidenceKind,
  payerKinds,
  prescriptionEvidenceKinds,
} from './customer-enums'
import type { TransferInstructions } from './payments'
import type { ProductCategory, SalesUnit, VatRate } from './products'
import { type ShopPaymentMethod, shopPaymentMethods } from './shop'
import type { ShopAddress } from './shop-addresses'
import type { ShopDeliveryMethod } from './tenant-config'
import { text } from './text-schema'

/**
 * The checkout: what the customer chooses (address, delivery, prescription evidence, payment),
 * the rules both the page and `placeShopOrder` apply, and what the pages show.
 */

/** Orders one shop user may place per hour (count-first, ADR 009). */
export const shopOrdersPerHour = 10
/** The evidence as the checkout offers it, a choice to make (the order shows what was chosen). */
export const evidenceChoiceLabels: Record<PrescriptionEvidenceKind, string> = {
  upload: 'Rezept-Scan hochladen',
  e_rezept: 'E-Rezept-Code eingeben',
  original_at_pickup: 'Original wird bei Abholung vorgelegt',
  original_by_post: 'Original wird per Post gesendet',
}

// ─── e-Rezept ───────────────────────────────────────────────────────────────────────────────

/**
 * An e-Rezept's token as its Data Matrix code carries it (gematik): `Task/<Rezept-ID>/$accept?ac=
 * <AccessCode>`, the Rezept-ID six groups of digits (`160.000.000.000.000.01`, flow types 160, 169,
 * 200, 209), the AccessCode 64 hex digits. The code itself holds `{"urls":[…]}` with up to three
 * such tokens; the `Task/` prefix is sometimes left out when a token is copied.
 */
const tokenPattern = /^(?:Task\/)?(\d{3}(?:\.\d{3}){4}\.\d{2})\/\$accept\?ac=([0-9a-f]{64})$/i
const maxTokensPerCode = 3

export const invalidERezeptMessage =
  'Das ist kein gültiger E-Rezept-Code. Erwartet wird der Inhalt des Data-Matrix-Codes, z. B. „Task/160.000.000.000.000.01/$accept?ac=…“ mit einem 64-stelligen Zugangscode.'

/**
 * The tokens of an e-Rezept code in their normal form (`Task/<id>/$accept?ac=<lower-case hex>`),
 * from a single token, several separated by white space, or the code's JSON; null when any part
 * is not a token.
 */
export function parseERezeptTokens(input: string): string[] | null {
  const trimmed = input.trim()
  let candidates: unknown[]
  if (trimmed.startsWith('{')) {
    try {
      const urls = (JSON.parse(trimmed) as { urls?: unknown }).urls
      if (!Array.isArray(urls)) return null
      candidates = urls
    } catch {
      return null
    }
  } else {
    candidates = trimmed.split(/\s+/).filter(Boolean)
  }
  if (candidates.length === 0 || candidates.length > maxTokensPerCode) return null
  const tokens: string[] = []
  for (const candidate of candidates) {
    const match = typeof candidate === 'string' ? tokenPattern.exec(candidate.trim()) : null
    if (!match) return null
    tokens.push(`Task/${match[1]}/$accept?ac=${(match[2] as string).toLowerCase()}`)
  }
  return tokens
}

// ─── Delivery ───────────────────────────────────────────────────────────────────────────────

/**
 * The gross fee of a delivery method for goods of `goodsGrossCents`: pickup is free, the courier
 * from its free-from amount on (goods' gross total), shipping always costs its fee.
 */
export function deliveryFeeFor(method: ShopDeliveryMethod, goodsGrossCents: number): number {
  if (method.kind === 'pickup') return 0
  if (method.kind === 'courier') {
    return method.freeFromCents !== null && goodsGrossCents >= method.freeFromCents
      ? 0
      : method.feeCents
  }
  return method.feeCents
}

export const courierAreaMessage = (postalCodes: readonly string[]) =>
  `Der Botendienst liefert nur in die Postleitzahlen ${postalCodes.join(', ')}.`

export const flowersRefusedMessage = (method: string, names: readonly string[]) =>
  `Blüten können nicht per „${method}“ geliefert werden: ${names.join(', ')}. Bitte wählen Sie eine andere Lieferart oder entfernen Sie diese Produkte aus dem Warenkorb.`

/** Why a payment method does not go with a delivery method; null when it does. */
export const paymentRefusal = (payment: ShopPaymentMethod, delivery: DeliveryMethod) =>
  payment === 'pickup' && delivery !== 'pickup'
    ? 'Bei Abholung bezahlen geht nur, wenn Sie die Bestellung abholen.'
    : null

export const evidenceRefusal = (evidence: PrescriptionEvidenceKind, delivery: DeliveryMethod) =>
  evidence === 'original_at_pickup' && delivery !== 'pickup'
    ? 'Das Original bei Abholung vorlegen geht nur, wenn Sie die Bestellung abholen.'
    : null

// ─── The request ────────────────────────────────────────────────────────────────────────────

const id = (message: string) => z.uuid({ error: message })

export const checkoutPrescriptionSchema = z.object({
  payer: z.enum(payerKinds, { error: 'Bitte wählen Sie, wer das Rezept bezahlt.' }),
  evidence: z.enum(prescriptionEvidenceKinds, {
    error: 'Bitte wählen Sie, wie Sie das Rezept einreichen.',
  }),
  scanFileId: id('Bitte laden Sie den Rezept-Scan hoch.').nullable().optional(),
  eRezeptToken: text({ trim: true, max: 1_000, tooLong: invalidERezeptMessage })
    .nullable()
    .optional(),
  exemptionFileId: id('Bitte laden Sie die Befreiungsbescheinigung erneut hoch.')
    .nullable()
    .optional(),
})
export type CheckoutPrescriptionInput = z.input<typeof checkoutPrescriptionSchema>

export const checkoutSchema = z.object({
  billingAddressId: id('Bitte wählen Sie eine Rechnungsadresse.'),
  deliveryMethod: z.enum(deliveryMethods, { error: 'Bitte wählen Sie eine Lieferart.' }),
  /** Courier and shipping: where to; null or absent: the billing address. */
  deliveryAddressId: id('Bitte wählen Sie eine Lieferadresse.').nullable().optional(),
  paymentMethod: z.enum(shopPaymentMethods, { error: 'Bitte wählen Sie eine Zahlungsart.' }),
  /** Required when the cart holds prescription-only goods. */
  prescription: checkoutPrescriptionSchema.nullable().optional(),
})
export type CheckoutInput = z.input<typeof checkoutSchema>

// ─── What the pages show ────────────────────────────────────────────────────────────────────

export interface CheckoutLine {
  listingId: string
  name: string
  category: ProductCategory
  salesUnit: SalesUnit
  quantity: number
  /** Net per sales unit now (the totals are computed from it, as the order's are). */
  unitPriceCents: number
  /** Gross per sales unit now, and when it was put in the cart. */
  unitGrossCents: number
  addedUnitGrossCents: number
  vatRate: VatRate
  grossCents: number
  requiresPrescription: boolean
}

export interface CheckoutView {
  lines: CheckoutLine[]
  addresses: ShopAddress[]
  deliveryMethods: ShopDeliveryMethod[]
  paymentMethods: ShopPaymentMethod[]
  payerKinds: readonly PayerKind[]
  hasTerms: boolean
  hasWithdrawalInformation: boolean
}

export interface ShopOrderConfirmation {
  id: string
  number: string
  status: 'new' | 'confirmed' | 'ready' | 'shipped' | 'completed' | 'cancelled' | 'expired'
  paymentStatus: PaymentStatus
  paymentMethod: ShopPaymentMethod | null
  createdAt: string
  items: {
    name: string
    quantityText: string
    grossCents: number
    copaymentCents: number
    requiresPrescription: boolean
    /** Whether the right of withdrawal applies to the line (`withdrawalAppliesTo`). */
    withdrawal: boolean
  }[]
  netCents: number
  vatCents: number
  grossCents: number
  deliveryFeeCents: number
  copaymentCents: number
  insurerCents: number
  /** What the customer pays: the total less the insurer's share. */
  amountDueCents: number
  delivery: {
    method: DeliveryMethod
    label: string
    address: string | null
    /** Pickup: where and when. */
    pickup: { address: string; openingHours: string } | null
  }
  billingAddress: string | null
  evidence: { payer: PayerKind; kind: PrescriptionEvidenceKind } | null
  /** Bank transfer still to pay: account, amount and reference (`transferInstructionsOf`). */
  transfer: TransferInstructions | null
}
