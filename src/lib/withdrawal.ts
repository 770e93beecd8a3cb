import type { CustomerOrderStatus, PrescribedPreparation } from './customer-enums'
import { addCalendarDays, berlinIsoDate, formatDate, formatDateTime } from './format'
import type { ProductCategory } from './product-lists'

/**
 * The consumer's right of withdrawal from a shop order (§§ 312g, 355, 356, 356a BGB; ADR 067).
 * One rule decides per order line whether it applies; the confirmation mail, the order pages and
 * the withdrawal service all ask it.
 */

/** What a line's withdrawal right follows from: what it is and how the prescription has it made. */
export interface WithdrawalLineFacts {
  requiresPrescription: boolean
  category: ProductCategory
}

/** Preparations the pharmacy makes from flowers to the prescription (NRF 22.12.–22.15.). */
const preparedFlowerForms: readonly PrescribedPreparation[] = [
  'ground',
  'single_doses',
  'tea',
  'tea_single_doses',
]

/**
 * Whether the consumer may withdraw from the purchase of this line. It does not apply to a
 * medicine made to the patient's prescription (§ 312g Abs. 2 Nr. 1 BGB): flowers ground, in single
 * doses or for tea, and an extract the prescription asks the pharmacy to prepare. Everything else —
 * unground flowers as they come, finished medicinal products in their original pack, goods without
 * prescription, and a line whose preparation is not (yet) recorded — keeps it: the safe reading.
 */
export function withdrawalAppliesTo(
  line: WithdrawalLineFacts,
  preparation: PrescribedPreparation | null,
): boolean {
  if (!line.requiresPrescription || preparation === null) return true
  if (line.category === 'flower') return !preparedFlowerForms.includes(preparation)
  if (line.category === 'extract') return preparation !== 'extract'
  return true
}

export const withdrawalLineLabels = {
  applies: 'Widerrufsrecht besteht',
  excluded:
    'Kein Widerrufsrecht: nach Ihrer ärztlichen Verschreibung zubereitet (§ 312g Abs. 2 Nr. 1 BGB)',
} as const

/** Orders a withdrawal can no longer reach: there is no contract left to withdraw from. */
const closedStatuses: readonly CustomerOrderStatus[] = ['cancelled', 'expired']

/** The withdrawal period in days (§ 355 Abs. 2 BGB). */
export const withdrawalPeriodDays = 14

/**
 * The last day (Berlin calendar day, `YYYY-MM-DD`) a withdrawal may be declared, or null while the
 * period has not begun. It starts with the receipt of the goods (§ 356 Abs. 2 Nr. 1 BGB); the
 * system knows receipt only when the order is completed (handed over at the counter, or completed
 * by the pharmacy after delivery), so until then the period has not begun — the safe reading.
 * The day of receipt does not count (§ 187 Abs. 1 BGB); a last day on a Saturday or Sunday moves
 * to the Monday (§ 193 BGB).
 */
export function withdrawalLastDay(completedAt: Date | string | null): string | null {
  if (completedAt === null) return null
  const lastDay = addCalendarDays(berlinIsoDate(new Date(completedAt)), withdrawalPeriodDays)
  const weekday = new Date(`${lastDay}T12:00:00Z`).getUTCDay()
  if (weekday === 6) return addCalendarDays(lastDay, 2)
  if (weekday === 0) return addCalendarDays(lastDay, 1)
  return lastDay
}

export const withdrawalMessages = {
  noRight:
    'Für diese Bestellung besteht kein Widerrufsrecht: Arzneimittel, die nach Ihrer ärztlichen Verschreibung zubereitet werden, sind vom Widerruf ausgeschlossen (§ 312g Abs. 2 Nr. 1 BGB).',
  closed:
    'Diese Bestellung wurde storniert oder ist verfallen; es gibt keinen Vertrag, den Sie widerrufen könnten.',
  notFound:
    'Wir finden keine Bestellung mit dieser Bestellnummer und E-Mail-Adresse. Bitte prüfen Sie Ihre Angaben.',
  tooMany: 'Sie haben zu viele Widerrufe in kurzer Zeit gesendet.',
  periodEnded: (lastDay: string) =>
    `Die Widerrufsfrist ist am ${formatDate(lastDay)} abgelaufen; ein Widerruf über diese Funktion ist nicht mehr möglich.`,
  alreadyWithdrawn: (at: Date | string) =>
    `Diese Bestellung haben Sie bereits am ${formatDateTime(at)} Uhr widerrufen.`,
} as const

/** Why a withdrawal of the order is refused, or null when it may be declared now. */
export function withdrawalRefusal(
  order: { channel: string; status: CustomerOrderStatus; completedAt: Date | string | null },
  appliesToAnyLine: boolean,
  now: Date,
): string | null {
  if (order.channel !== 'shop' || closedStatuses.includes(order.status)) {
    return withdrawalMessages.closed
  }
  if (!appliesToAnyLine) return withdrawalMessages.noRight
  const lastDay = withdrawalLastDay(order.completedAt)
  if (lastDay !== null && berlinIsoDate(now) > lastDay)
    return withdrawalMessages.periodEnded(lastDay)
  return null
}

/** What the order pages show about the right of withdrawal. */
export interface OrderWithdrawalView {
  /** Per line, in the order's order: whether the right applies. */
  lines: { itemId: string; name: string; applies: boolean }[]
  /** The last day to withdraw, once the period runs. */
  lastDay: string | null
  /** The recorded withdrawal, if the customer declared one. */
  withdrawal: { receivedAt: string; lines: string[]; name: string; email: string | null } | null
  /** The function "Vertrag widerrufen" is offered (no withdrawal yet, none refused). */
  canWithdraw: boolean
  /** Why it is not offered, when the order could have had one. */
  refusal: string | null
}

/** The path of the public withdrawal function of a shop (guests: order number and e-mail). */
export const publicWithdrawalPath = '/vertrag-widerrufen'
