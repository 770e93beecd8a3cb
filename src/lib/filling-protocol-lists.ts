import { listSearchSchema, oneOf } from './list-query'

/**
 * The states of a filling protocol and the list's search params. Apart from
 * `filling-protocols.ts` because the schema module and the list route import them (ADR 012,
 * 013): this stays small and zod-free.
 */

/**
 * `draft`: started, being weighed by the person filling; `submitted`: weighed, waiting for the
 * second person's check; `confirmed`: checked, stock booked; `cancelled`: given up with a reason,
 * nothing booked.
 */
export const fillingProtocolStatuses = ['draft', 'submitted', 'confirmed', 'cancelled'] as const
export type FillingProtocolStatus = (typeof fillingProtocolStatuses)[number]

export const fillingProtocolStatusLabels: Record<FillingProtocolStatus, string> = {
  draft: 'In Abfüllung',
  submitted: 'Wartet auf Prüfung',
  confirmed: 'Bestätigt',
  cancelled: 'Storniert',
}

export const fillingProtocolSortKeys = ['startedAt', 'number', 'product', 'status'] as const
export type FillingProtocolSortKey = (typeof fillingProtocolSortKeys)[number]

export const fillingProtocolListSearch = listSearchSchema({
  sort: fillingProtocolSortKeys,
  defaultSort: 'startedAt',
  defaultDir: 'desc',
  filters: { status: oneOf(fillingProtocolStatuses) },
})
export type FillingProtocolListSearch = ReturnType<typeof fillingProtocolListSearch.parse>
