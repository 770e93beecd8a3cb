import type { CatalogueCategory, CatalogueListInput } from '~/lib/shop-catalogue'
import type { SessionState } from '../../session/session-store'

/**
 * The catalogue's cache keys apart from its queries: a product page's head reads the product from
 * the cache, and every route's head is in the entry, which need not carry the server functions.
 */

/**
 * Who looks decides what the server answers (prices only for customers where the pharmacy says
 * so): the logged-in shop customer's id, or null for a visitor. Part of every key, so logging in
 * or out never shows the other's answer.
 */
export const catalogueViewerOf = (session: SessionState): string | null =>
  session.loggedIn && session.accountType === 'b2c' && session.user ? session.user.id : null

export const catalogueProductKey = (
  category: CatalogueCategory,
  id: string,
  viewer: string | null,
) => ['shop-catalogue', viewer, 'product', category, id] as const

export const catalogueListKey = (input: CatalogueListInput, viewer: string | null) =>
  ['shop-catalogue', viewer, 'list', input.category, input.search] as const
