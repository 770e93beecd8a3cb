import type { CustomerKind, PayerKind } from './customer-values'

/**
 * Customers and club members: the words and values shared by the pages and the services. No zod
 * here — pages import it (ADR 013).
 */

export * from './customer-values'

export const customerKindLabels: Record<CustomerKind, string> = {
  patient: 'Patient',
  business: 'Geschäftskunde',
  member: 'Mitglied',
}

export const payerKindLabels: Record<PayerKind, string> = {
  statutory: 'Gesetzlich versichert (GKV)',
  private: 'Privat versichert (PKV)',
  self_pay: 'Selbstzahler',
}

/** Prefix of customer numbers: `KD-00042`; they never restart (counter year 0). */
export const customerNumberPrefix = 'KD'
