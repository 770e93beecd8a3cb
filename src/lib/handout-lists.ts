import { isUuid } from './ids'
import { listSearchSchema, oneOf } from './list-query'

/**
 * The values hand-out records are stored with and the list's search params. Apart from
 * `handouts.ts` because the schema module and the list route import them (ADR 012, 013): this
 * stays small and zod-free.
 */

/** KCanG: members aged 18 to 20 get less per month and only cannabis with at most 10 % THC. */
export const handoutAgeClasses = ['young_adult', 'adult'] as const
export type HandoutAgeClass = (typeof handoutAgeClasses)[number]

/** `active`: counts toward the limits; `cancelled`: cancelled with a reason and a counter-entry. */
export const handoutStatuses = ['active', 'cancelled'] as const
export type HandoutStatus = (typeof handoutStatuses)[number]

export const handoutStatusLabels: Record<HandoutStatus, string> = {
  active: 'Abgegeben',
  cancelled: 'Storniert',
}

export const handoutSortKeys = ['handedOutAt', 'number', 'member', 'product', 'quantity'] as const
export type HandoutSortKey = (typeof handoutSortKeys)[number]

export const handoutListSearch = listSearchSchema({
  sort: handoutSortKeys,
  defaultSort: 'handedOutAt',
  defaultDir: 'desc',
  filters: {
    status: oneOf(handoutStatuses),
    /** One member's hand-outs (the member page links here). */
    member: (value: unknown) => (isUuid(value) ? value.toLowerCase() : undefined),
  },
})
export type HandoutListSearch = ReturnType<typeof handoutListSearch.parse>
