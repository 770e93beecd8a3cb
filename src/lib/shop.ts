import type { TenantConfig } from './tenant-config'

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
