import { type ListResult, listSearchSchema } from './list-query'

/**
 * The shop finder's search params on the main domain's start page (`/?q=berlin`): zod-free, as
 * the start page parses them on first paint (ADR 012, 013). The search itself is read by
 * `shopFinderQuery` on the server.
 */
export const shopFinderSearch = listSearchSchema({ sort: ['name'], defaultSort: 'name' })
export type ShopFinderSearch = ReturnType<typeof shopFinderSearch.parse>

/**
 * How a shop reaches the searched place, in the finder's order (ADR 078): its courier serves the
 * postcode, the visitor can pick up there (nearest first), or it ships. Null: found by its name.
 */
export const shopReaches = ['courier', 'pickup', 'shipping'] as const
export type ShopReach = (typeof shopReaches)[number]

/** One shop as the finder lists it: public data only. */
export interface FoundShop {
  slug: string
  name: string
  street: string
  postalCode: string
  city: string
  /** `https://sonnen-apotheke.blattwerk.de`: where the result leads. */
  origin: string
  reach: ShopReach | null
  /** From the searched place to the shop (postcode centres, haversine); null without a place. */
  distanceKm: number | null
}

/** The finder's answer: a page of shops, the place it searched around, or why it found nothing. */
export interface ShopFinderResult extends ListResult<FoundShop> {
  /** "12043 Berlin", "Potsdam": the place the shops are ranked around, if the search named one. */
  place: string | null
  /** A German message when the search could not be read (shown at the field). */
  problem: string | null
}

/** "ca. 3 km": a place's centre is no address, so the distance is rounded. */
export function formatDistance(km: number): string {
  if (km < 1) return 'unter 1 km'
  return `ca. ${new Intl.NumberFormat('de-DE').format(Math.round(km))} km`
}
