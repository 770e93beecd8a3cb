/** What the order page shows about payment reminders (ADR 073). */
export interface PaymentReminderState {
  /** The invoice that asks for a transfer; null when none does (any more). */
  invoiceNumber: string | null
  dueDate: string | null
  overdue: boolean
  /** What the customer still owes on it. */
  openCents: number
  /** The first day the next reminder may go (`YYYY-MM-DD`); null before the first. */
  nextFrom: string | null
  /** Why none may go now, in German; null when one may. */
  refusal: string | null
  reminders: {
    sentAt: string
    sentTo: string
    sentByName: string | null
    amountCents: number
    invoiceNumber: string
  }[]
}
