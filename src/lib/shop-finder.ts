import { listSearchSchema } from './list-query'

/**
 * The shop finder's search params on the main domain's start page (`/?q=berlin`): zod-free, as
 * the start page parses them on first paint (ADR 012, 013).
 */
export const shopFinderSearch = listSearchSchema({ sort: ['name'], defaultSort: 'name' })
export type ShopFinderSearch = ReturnType<typeof shopFinderSearch.parse>

/** One shop as the finder lists it: public data only. */
export interface FoundShop {
  slug: string
  name: string
  street: string
  postalCode: string
  city: string
  /** `https://sonnen-apotheke.blattwerk.de`: where the result leads. */
  origin: string
}
