import { getCookie, setCookie } from '@tanstack/react-start/server'
import { guestCartLifetimeDays } from '~/lib/cart'
import type { App } from '../app.server'
import { isShopTenant, type Tenant } from '../tenants.server'
import { mergeGuestCart } from './cart.server'

/**
 * The browser side of a guest's cart: the random token lives only in the HttpOnly cookie `cart`
 * (the database keeps its hash). It is set at the first addition and cleared when the cart is
 * merged into an account's at login.
 */

export const cartCookieName = 'cart'

/** Secure wherever the shop is served over https (`PUBLIC_SCHEME`), Lax like the session's. */
const cartCookieOptions = (app: App) =>
  ({
    httpOnly: true,
    secure: app.config.PUBLIC_SCHEME === 'https',
    sameSite: 'lax',
    path: '/',
  }) as const

export const guestCartToken = (): string | null => getCookie(cartCookieName) || null

export function setGuestCartCookie(app: App, token: string): void {
  setCookie(cartCookieName, token, {
    ...cartCookieOptions(app),
    maxAge: guestCartLifetimeDays * 86_400,
  })
}

function clearGuestCartCookie(app: App): void {
  setCookie(cartCookieName, '', { ...cartCookieOptions(app), maxAge: 0 })
}

/**
 * At a shop user's login on a shop's host: merges the guest cart of the cookie (if any) into the
 * user's cart and clears the cookie.
 */
export async function mergeGuestCartAtLogin(
  app: App,
  tenant: Tenant | null,
  shopUserId: string,
): Promise<void> {
  const token = guestCartToken()
  if (!token || !isShopTenant(tenant)) return
  await mergeGuestCart(app.db, tenant, shopUserId, token)
  clearGuestCartCookie(app)
}
