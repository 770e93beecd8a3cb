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

/** How far along a payment is: it only ever moves to a higher step; the last step is final. */
const paymentStep: Record<MolliePaymentStatus, number> = {
  open: 0,
  pending: 1,
  authorized: 2,
  paid: 3,
  canceled: 3,
  expired: 3,
  failed: 3,
}

/**
 * Whether Mollie's report `to` moves a payment on from `from`: open → pending → authorized →
 * paid, or to canceled/expired/failed before paid. Repeats and stale reports (a `pending` after
 * `paid`) are not.
 */
export const isForwardPaymentStatus = (from: MolliePaymentStatus, to: MolliePaymentStatus) =>
  paymentStep[to] > paymentStep[from]

/** A payment the customer may still complete at Mollie. */
export const openPaymentStatuses: readonly MolliePaymentStatus[] = ['open', 'pending', 'authorized']

/** A payment that ended without money: the customer may pay again while the order holds. */
export const unsuccessfulPaymentStatuses: readonly MolliePaymentStatus[] = [
  'canceled',
  'expired',
  'failed',
]

const refundStep: Record<MollieRefundStatus, number> = {
  queued: 0,
  pending: 1,
  processing: 2,
  refunded: 3,
  failed: 3,
  canceled: 3,
}

export const isForwardRefundStatus = (from: MollieRefundStatus, to: MollieRefundStatus) =>
  refundStep[to] > refundStep[from]

/**
 * Whether the customer may (again) pay an online order: it is new, to be paid with Mollie, not
 * paid or under way, and still holds its goods.
 */
export const mayPayOnline = (
  order: {
    status: string
    paymentMethod: string | null
    paymentStatus: string
    expiresAt: Date | string | null
  },
  now = new Date(),
) =>
  order.status === 'new' &&
  order.paymentMethod === 'mollie' &&
  (order.paymentStatus === 'unpaid' || order.paymentStatus === 'failed') &&
  (order.expiresAt === null || new Date(order.expiresAt) > now)

/** The unpaid hold of an online order, and how far a `pending` payment extends it. */
export const onlinePaymentHoldMinutes = 30

/**
 * What the return page shows, decided on the server from the stored state (never from the
 * address): paid; still open at Mollie; ended without money (pay again while the order holds);
 * the order lapsed; or it was cancelled.
 */
export type PaymentOutcome = 'paid' | 'open' | 'unsuccessful' | 'expired' | 'cancelled'

export interface PaymentReturn {
  orderId: string
  number: string
  outcome: PaymentOutcome
  /** "Erneut bezahlen" is offered: the order is new, paid online and its hold has not lapsed. */
  canPayAgain: boolean
  /** What the customer pays online (the order minus the insurer's share). */
  amountCents: number
  items: { name: string; quantityText: string; totalCents: number }[]
}

/** How often and how long the return page asks again while Mollie reports the payment open. */
export const paymentPollIntervalMs = 2_500
export const paymentPollLimit = 24

/**
 * How a bank-transfer order is paid, as the confirmation page, the mails and the account's order
 * page show it: the seller's account, what the patient still owes and the reference to name.
 */
export interface TransferInstructions {
  accountHolder: string
  /** Printed in groups of four. */
  iban: string
  bic: string | null
  bankName: string | null
  /** The patient's share (the co-payment on a statutory prescription) less what is booked. */
  amountCents: number
  reference: string
}
