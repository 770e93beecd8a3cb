import { randomBytes } from 'node:crypto'
import { getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import { decodeJwt } from 'jose'
import type { AccountType, B2bUser, B2cUser } from '~/lib/auth-api'
import type { LoginInput } from '~/lib/session-api'
import { getApp } from './app.server'
import { loginBusinessUser, loginShopUser, type RenewedSession, resumeSession } from './auth.server'
import { mergeGuestCartAtLogin } from './cart/cart-cookie.server'
import { DomainError } from './errors.server'
import { clientIpOf } from './request-address.server'
import {
  confirmRegistration,
  deviceBindingSeconds,
  type RegisteringDevice,
} from './shop-accounts/shop-accounts.server'
import type { ShopTenant } from './tenants.server'
import { tenantOfRequest } from './tenants.server'
import { accountTypeOfRole, refreshTokenLifetimeSeconds } from './tokens.server'

/**
 * The browser side of a session: the refresh token lives only in the HttpOnly cookie `token`; the
 * page gets the user and a short-lived access token, never the refresh token.
 */

export const refreshCookieName = 'token'

export interface WebSession {
  user: B2bUser | B2cUser
  accessToken: string
  accountType: AccountType
}

const refreshCookieOptions = {
  httpOnly: true,
  // Chromium treats http://*.localhost as a secure context, so Secure works in development too.
  secure: true,
  sameSite: 'lax',
  path: '/',
} as const

function setRefreshCookie(token: string) {
  setCookie(refreshCookieName, token, {
    ...refreshCookieOptions,
    maxAge: refreshTokenLifetimeSeconds,
  })
}

export function clearRefreshCookie() {
  setCookie(refreshCookieName, '', { ...refreshCookieOptions, maxAge: 0 })
}

/** Checks the credentials, sets the refresh cookie and answers the session for the page. */
export async function logInWithCookie(
  input: LoginInput,
  requestId: string | null,
): Promise<WebSession> {
  const app = await getApp()
  const request = getRequest()
  const client = { ip: clientIpOf(request), requestId }
  if (input.accountType === 'b2b') {
    const { user, accessToken, refreshToken } = await loginBusinessUser(app, input, client)
    setRefreshCookie(refreshToken)
    return { user, accessToken, accountType: 'b2b' }
  }
  const tenant = await tenantOfRequest(app, request)
  const { user, accessToken, refreshToken } = await loginShopUser(app, input, tenant, client)
  await mergeGuestCartAtLogin(app, tenant, user.id)
  setRefreshCookie(refreshToken)
  return { user, accessToken, accountType: 'b2c' }
}

/** The account type a refresh token was issued for, read before its signature is checked. */
function accountTypeOfToken(token: string): AccountType | null {
  try {
    const { role } = decodeJwt(token)
    return typeof role === 'string' ? accountTypeOfRole(role) : null
  } catch {
    return null
  }
}

/**
 * Opens the session behind the refresh cookie for this page load: mints an access token and loads
 * the user. The cookie changes only when the token was due for rotation. Answers null — and clears
 * the cookie — when there is no cookie or it no longer opens a session.
 */
export async function resumeFromCookie(): Promise<WebSession | null> {
  const token = getCookie(refreshCookieName)
  if (!token) return null
  const accountType = accountTypeOfToken(token)
  if (!accountType) {
    clearRefreshCookie()
    return null
  }
  const app = await getApp()
  const tenantSlug = (await tenantOfRequest(app, getRequest()))?.slug ?? null
  let resumed: RenewedSession
  try {
    resumed = await resumeSession(app, token, accountType, tenantSlug)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    clearRefreshCookie()
    return null
  }
  if (resumed.token) setRefreshCookie(resumed.token)
  return { user: resumed.user, accessToken: resumed.accessToken, accountType }
}

/**
 * The registering browser's cookie (ADR 077): a random nonce whose hash the confirmation link
 * carries, so the link logs in here and nowhere else. HttpOnly, SameSite=Lax (sent when the link
 * is opened from a mail), and short-lived.
 */
export const registrationDeviceCookieName = 'registration_device'

const setRegistrationDeviceCookie = (nonce: string, maxAge: number) =>
  setCookie(registrationDeviceCookieName, nonce, { ...refreshCookieOptions, maxAge })

/** A fresh binding for a registration from this browser; `keepRegisteringDevice` sets its cookie. */
export const newRegisteringDevice = (continueAt: string | null): RegisteringDevice => ({
  nonce: randomBytes(32).toString('base64url'),
  continueAt,
})

/** Once the registration is accepted: this browser keeps the nonce its link was bound to. */
export function keepRegisteringDevice(device: RegisteringDevice) {
  setRegistrationDeviceCookie(device.nonce, deviceBindingSeconds)
}

/**
 * Confirms a registration's address; in the browser that registered it also logs in (refresh
 * cookie, guest cart merged) and answers where that browser was. The device cookie is spent
 * either way.
 */
export async function confirmRegistrationWithCookie(
  shop: ShopTenant,
  token: unknown,
  requestId: string | null,
): Promise<{ email: string; continueAt: string | null; session: WebSession | null }> {
  const app = await getApp()
  const nonce = getCookie(registrationDeviceCookieName) ?? null
  const client = { ip: clientIpOf(getRequest()), requestId }
  const { email, continueAt, session } = await confirmRegistration(app, shop, token, {
    nonce,
    client,
  })
  if (nonce) setRegistrationDeviceCookie('', 0)
  if (!session) return { email, continueAt: null, session: null }
  await mergeGuestCartAtLogin(app, shop, session.user.id)
  setRefreshCookie(session.refreshToken)
  return {
    email,
    continueAt,
    session: { user: session.user, accessToken: session.accessToken, accountType: 'b2c' },
  }
}
