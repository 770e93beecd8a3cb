import { createServerFn } from '@tanstack/react-start'
import { type LoginFailure, loginInputSchema } from '~/lib/session-api'
import { ApiError } from '~/server/http.server'
import {
  clearRefreshCookie,
  logInWithCookie,
  resumeFromCookie,
  type WebSession,
} from '~/server/web-session.server'
import { requestIdOf } from '../server-fn/errors.middleware'

/** Logs in and sets the refresh cookie; a refused login answers the server's status and message. */
export const logIn = createServerFn({ method: 'POST' })
  .validator(loginInputSchema)
  .handler(async ({ data, context }): Promise<{ ok: true; session: WebSession } | LoginFailure> => {
    try {
      return { ok: true, session: await logInWithCookie(data, requestIdOf(context)) }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const { errors } = error.extra
      return { ok: false, status: error.status, message: error.message, ...(errors && { errors }) }
    }
  })

/** Exchanges the refresh cookie for a fresh access token and the user; null when logged out. */
export const resumeSession = createServerFn({ method: 'POST' }).handler(() => resumeFromCookie())

/** Forgets the refresh cookie (the session itself is ended through the REST logout). */
export const clearSessionCookie = createServerFn({ method: 'POST' }).handler(() => {
  clearRefreshCookie()
  return { status: 'success' as const }
})
