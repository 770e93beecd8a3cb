import { createServerFn } from '@tanstack/react-start'
import { loginInputSchema } from '~/lib/session-api'
import {
  clearRefreshCookie,
  logInWithCookie,
  resumeFromCookie,
  type WebSession,
} from '~/server/web-session.server'
import { requestIdOf } from '../server-fn/errors.middleware'
import { noInput } from '../server-fn/inputs'

/**
 * Logs in and sets the refresh cookie. A refused login fails with the server's status, German
 * message and field errors (the schema's messages for bad input), like every server function.
 */
export const logIn = createServerFn({ method: 'POST' })
  .validator(loginInputSchema)
  .handler(
    async ({ data, context }): Promise<WebSession> => logInWithCookie(data, requestIdOf(context)),
  )

/** Exchanges the refresh cookie for a fresh access token and the user; null when logged out. */
export const resumeSession = createServerFn({ method: 'POST' })
  .validator(noInput)
  .handler(() => resumeFromCookie())

/** Forgets the refresh cookie (the session itself is ended through the REST logout). */
export const clearSessionCookie = createServerFn({ method: 'POST' })
  .validator(noInput)
  .handler(() => {
    clearRefreshCookie()
    return { status: 'success' as const }
  })
