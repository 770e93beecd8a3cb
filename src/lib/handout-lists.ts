import { listSearchSchema, oneOf } from './list-query'

/**
 * The values hand-out records are stored with and the list's search params. Apart from
 * `handouts.ts` because the schema module and the list route import them (ADR 012, 013): this
 * stays small and zod-free.
 */

/** KCanG: members aged 18 to 20 get less per month and only cannabis with at most 10 % THC. */
export const handOutAgeClasses = ['young_adult', 'adult'] as const
export type HandOutAgeClass = (typeof handOutAgeClasses)[number]

/** `active`: counts toward the limits; `cancelled`: cancelled with a reason and a counter-entry. */
export const handOutStatuses = ['active', 'cancelled'] as const
export type HandOutStatus = (typeof handOutStatuses)[number]

export const handOutStatusLabels: Record<HandOutStatus, string> = {
  active: 'Abgegeben',
  cancelled: 'Storniert',
}

export const handOutSortKeys = ['handedOutAt', 'number', 'member', 'product', 'quantity'] as const
export type HandOutSortKey = (typeof handOutSortKeys)[number]

export const handOutListSearch = listSearchSchema({
  sort: handOutSortKeys,
  defaultSort: 'handedOutAt',
  defaultDir: 'desc',
  filters: { status: oneOf(handOutStatuses) },
})
export type HandOutListSearch = ReturnType<typeof handOutListSearch.parse>
