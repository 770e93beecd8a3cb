import { createIsomorphicFn } from '@tanstack/react-start'
import { getCookie } from '@tanstack/react-start/server'
import { isPublicPath } from '~/lib/access-rules'
import { refreshCookieName } from '~/server/web-session.server'
import { clearSessionCookie, resumeSession } from './session.functions'
import { type SessionStore, sessionFrom } from './session-store'

/**
 * Whether a session could be restored. The server sees the HttpOnly refresh cookie: a visitor
 * without one is answered without a server function call. The browser cannot see it, so it asks.
 */
const mayRestoreSession = createIsomorphicFn()
  .server(() => Boolean(getCookie(refreshCookieName)))
  .client(() => true)

/**
 * Restores the session from the refresh cookie when no user is loaded: always once per page load
 * (on the server, so the first paint is already logged in), and again in the browser before a
 * non-public page, in case the visitor logged in meanwhile in another tab.
 */
export async function ensureSession(session: SessionStore, pathname: string): Promise<void> {
  const state = session.state
  if (state.loggedIn) return
  if (state.restoreAttempted && isPublicPath(pathname)) return
  const restored = mayRestoreSession()
    ? await resumeSession().catch((error: unknown) => {
        console.error('Sitzung konnte nicht wiederhergestellt werden.', error)
        return null
      })
    : null
  session.setState(() => sessionFrom(restored))
}

/** A fresh access token from the refresh cookie (rotating it), or null when the session is gone. */
export async function renewAccessToken(session: SessionStore): Promise<string | null> {
  const restored = await resumeSession()
  session.setState(() => sessionFrom(restored))
  return restored?.accessToken ?? null
}

/** Ends the session everywhere it can and locally in any case. */
export async function endSession(
  session: SessionStore,
  callLogout: (path: string) => Promise<unknown>,
): Promise<void> {
  const { accountType } = session.state
  if (accountType) {
    try {
      await callLogout(`/api/auth/${accountType}/logout`)
    } catch (error) {
      console.error('Ausloggen fehlgeschlagen!', error)
    }
  }
  session.setState(() => sessionFrom(null))
  await clearSessionCookie().catch((error: unknown) =>
    console.error('Ausloggen fehlgeschlagen!', error),
  )
}
