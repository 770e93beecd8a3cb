import type { MailOrder, TenantConfig } from './tenant-config'

/**
 * Shop values the pages show, apart from the zod schemas of `tenant-config.ts` so that a shop page
 * does not load zod before it hydrates (ADR 013).
 */

export const shopPaymentMethods = ['pickup', 'bank_transfer', 'mollie'] as const
export type ShopPaymentMethod = (typeof shopPaymentMethods)[number]

export const shopPaymentMethodLabels: Record<ShopPaymentMethod, string> = {
  pickup: 'Zahlung bei Abholung',
  bank_transfer: 'Überweisung',
  mollie: 'Online bezahlen',
}

/**
 * What the shop tells a visitor about a product's stock: whether it can be had, never how little
 * is left (no scarcity cue, § 10 HWG — domain.md). Isomorphic, so the catalogue, the product page
 * and the Rezeptkonfigurator word it the same way.
 */
export const availabilityLevels = ['in_stock', 'out_of_stock'] as const
export type AvailabilityLevel = (typeof availabilityLevels)[number]

export const availabilityLabels: Record<AvailabilityLevel, string> = {
  in_stock: 'vorrätig',
  out_of_stock: 'nicht vorrätig',
}

/** The level for what released, unexpired batches hold beyond their reservations, in sales units. */
export const availabilityLevel = (availableSalesUnits: number): AvailabilityLevel =>
  availableSalesUnits > 0 ? 'in_stock' : 'out_of_stock'

// ─── Pack photos (§ 10 HWG) ────────────────────────────────────────────────────────────────

/**
 * The side of a pack photo's shop rendition in pixels: square, the pack fitted inside on a
 * transparent ground. Cards show it at 96 px, the product page at 192 px — sharp on screens of
 * double density, a few KB instead of the 1,600 px original (ADR 081).
 */
export const packPhotoSide = 384

/** Where a shop page loads a pack photo's rendition: only the host's listed products' (ADR 081). */
export const packPhotoUrl = (fileId: string) => `/api/shop/pack-photos/${fileId}`

/** The neutral alt text of a pack photo: it shows the pack, nothing else. */
export const packPhotoAlt = (productName: string) => `Packung von ${productName}`

/** The long legal texts: served by their own pages, never carried in every page's data. */
type LegalTexts = 'legalNotice' | 'privacyPolicy' | 'terms' | 'withdrawalInformation'

/**
 * The config as shop pages receive it: everything but the legal texts, plus whether the shop has
 * terms and withdrawal information (the footer links to them).
 */
export type ShopPageConfig = Omit<TenantConfig, LegalTexts> & {
  hasTerms: boolean
  hasWithdrawalInformation: boolean
}

export function shopPageConfig(config: TenantConfig): ShopPageConfig {
  const {
    legalNotice: _notice,
    privacyPolicy: _privacy,
    terms,
    withdrawalInformation,
    ...rest
  } = config
  return {
    ...rest,
    hasTerms: terms.trim() !== '',
    hasWithdrawalInformation: withdrawalInformation.trim() !== '',
  }
}

// ─── Mail order (§ 11a ApoG, Reg. (EU) 699/2014) ───────────────────────────────────────────

export const noMailOrder: MailOrder = {
  permitAuthority: '',
  permitDate: '',
  registerUrl: '',
  logoUrl: null,
}

/** Whether every mark a shipping shop must show is there. */
export const hasMailOrderMarks = (mailOrder: MailOrder): boolean =>
  mailOrder.permitAuthority !== '' &&
  mailOrder.permitDate !== '' &&
  mailOrder.registerUrl !== '' &&
  mailOrder.logoUrl !== null

/** Whether the shop ships and shows its marks: the footer's logo and the imprint's permit. */
export const showsMailOrderMarks = (
  config: Pick<TenantConfig, 'deliveryMethods' | 'mailOrder'>,
): boolean =>
  config.deliveryMethods.some((method) => method.kind === 'shipping') &&
  hasMailOrderMarks(config.mailOrder)

/** "Versandhandelserlaubnis nach § 11a ApoG, erteilt von … am 15.03.2024": footer and imprint. */
export function mailOrderPermitText(mailOrder: MailOrder): string {
  const [year, month, day] = mailOrder.permitDate.split('-')
  return `Versandhandelserlaubnis nach § 11a ApoG, erteilt von ${mailOrder.permitAuthority} am ${day}.${month}.${year}`
}
