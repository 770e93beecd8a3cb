import { useRouter } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { getCookie } from '@tanstack/react-start/server'
import { Store, useStore } from '@tanstack/react-store'
import { cartCookieName } from '~/server/cart/cart-cookie.server'
import { refreshCookieName } from '~/server/web-session.server'
import type { SessionState } from '../../session/session-store'
import type { TenantInfo } from '../../tenant/tenant'
import { fetchCartCount } from './cart-count.functions'

/**
 * The header's cart figure (lines, not units), loaded by the root route on the server so the first
 * HTML has it, and carried to the browser with the router's hydration data. Kept per router in a
 * store: the product pages and the cart page set it from their answers; the browser asks again
 * only when the cart's owner changes (a login merges the guest's cart, a logout leaves it).
 */
export interface CartCountState {
  lines: number
  /** Whose cart: the shop user's id, `guest`, or `none` (a business user has no cart). */
  owner: string
}

export const createCartCountStore = () => new Store<CartCountState | null>(null)
export type CartCountStore = ReturnType<typeof createCartCountStore>

const ownerOf = (session: SessionState): string => {
  if (!session.loggedIn || !session.user) return 'guest'
  return session.accountType === 'b2c' ? session.user.id : 'none'
}

/**
 * A visitor without a cart cookie or a session has an empty cart: the server answers that without
 * a server function or the database, as for the session (ADR 029).
 */
const loadCount = createIsomorphicFn()
  .server(async () =>
    getCookie(cartCookieName) || getCookie(refreshCookieName) ? (await fetchCartCount()).lines : 0,
  )
  .client(async () => (await fetchCartCount()).lines)

/** Loads the figure on a shop's host when it is missing or belongs to another owner. */
export async function ensureCartCount(
  store: CartCountStore,
  tenant: TenantInfo | null,
  session: SessionState,
): Promise<void> {
  if (!tenant?.hasShop) return
  const owner = ownerOf(session)
  if (store.state?.owner === owner) return
  try {
    const lines = owner === 'none' ? 0 : await loadCount()
    store.setState(() => ({ lines, owner }))
  } catch (error) {
    // The page goes on without the figure; the next navigation asks again.
    console.error('Warenkorb nicht geladen.', error)
  }
}

/** The header's figure; null until it is known. */
export function useCartLines(): number | null {
  return useStore(useRouter().options.context.cartCount, (state) => state?.lines ?? null)
}

/** Sets the figure after a change the server answered with the cart's new line count. */
export function useSetCartLines(): (lines: number) => void {
  const { cartCount, session } = useRouter().options.context
  return (lines) => cartCount.setState(() => ({ lines, owner: ownerOf(session.state) }))
}
