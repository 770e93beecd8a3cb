import { getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import { guestCartLifetimeDays } from '~/lib/cart'
import { type Actor, visitorActor } from '../actor.server'
import { type App, getApp } from '../app.server'
import { shopOfRequest } from '../shop/shop.server'
import { isShopTenant, type Tenant } from '../tenants.server'
import { cartOwnerOf, mergeGuestCart } from './cart.server'

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
  await mergeGuestCart(app.systemDb, tenant, shopUserId, token)
  clearGuestCartCookie(app)
}

/**
 * For the cart's server functions: the request's shop and whose cart — the shop customer's (the
 * verified access token's actor) or the guest's (the cookie's token; none yet without a cookie).
 */
export async function cartOfRequest(actor: Actor | null, requestId: string | null) {
  const app = await getApp()
  const shop = await shopOfRequest(app, getRequest())
  const owner = cartOwnerOf(shop, actor ?? visitorActor(requestId), guestCartToken())
  return { app, shop, owner }
}
