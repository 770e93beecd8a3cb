/**
 * Mollie's payment and refund statuses (domain.md), as the payments tables store them. Kept apart
 * from the client code so the schema and the pages share one list.
 */
export const molliePaymentStatuses = [
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const
export type MolliePaymentStatus = (typeof molliePaymentStatuses)[number]

export const mollieRefundStatuses = [
  'queued',
  'pending',
  'processing',
  'refunded',
  'failed',
  'canceled',
] as const
export type MollieRefundStatus = (typeof mollieRefundStatuses)[number]
