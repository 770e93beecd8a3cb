import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createMiddleware, getRouterInstance } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { actorFromAccessToken, scopeOfActor } from '~/server/actor.server'
import { getApp } from '~/server/app.server'
import { bearerToken } from '~/server/auth.server'
import type { Executor } from '~/server/db/client.server'
import type { DataScope } from '~/server/db/scope.server'
import { DomainError, invalidInputOf } from '~/server/errors.server'
import { requestHost } from '~/server/request-address.server'
import { tenantOfRequest } from '~/server/tenants.server'
import { requestIdOf } from './errors.middleware'

/**
 * The browser sends the session's access token as a bearer token (through the API client's fetch,
 * so a 401 shares its single-flight refresh and is repeated once); during the server render, where
 * the call runs in-process, the token goes along in the context.
 */
const carryAccessToken = createMiddleware({ type: 'function' }).client(async ({ next }) => {
  const { session, api } = (await getRouterInstance()).options.context
  const inServerRender = typeof window === 'undefined'
  return next({
    sendContext: { renderAccessToken: inServerRender ? session.state.accessToken : null },
    ...(!inServerRender && { fetch: api.fetch }),
  })
})

/**
 * The actor behind the call's access token, with the host's tenant; 401 when the token is
 * missing or dead.
 */
async function actorOfCall(context: { renderAccessToken?: string | null } | undefined) {
  const request = getRequest()
  const token = bearerToken(request) ?? context?.renderAccessToken ?? null
  return actorFromAccessToken(await getApp(), token, {
    host: requestHost(request),
    requestId: requestIdOf(context),
  })
}

/**
 * Runs a call in one transaction in `scope` (ADR 050). A call that fails unexpectedly writes
 * nothing; a refusal (a domain error, invalid input, a redirect) keeps what the call recorded on
 * purpose before refusing — a counted attempt, say — just as the services' own transactions,
 * which roll back their part, decide.
 */
async function inCallScope<T>(scope: DataScope, run: (db: Executor) => Promise<T>): Promise<T> {
  const { database } = await getApp()
  let refusal: { error: unknown } | null = null
  const result = await database.inScope(scope, async (db) => {
    try {
      return await run(db)
    } catch (error) {
      const refused =
        error instanceof DomainError ||
        invalidInputOf(error) !== null ||
        isRedirect(error) ||
        isNotFound(error)
      if (!refused) throw error
      refusal = { error }
      return undefined as T
    }
  })
  if (refusal) throw (refusal as { error: unknown }).error
  return result
}

/**
 * The way into business services: the access token goes along (`carryAccessToken`); the server
 * verifies it and puts `{ actor, user, organisation, tenant }` into the handler's context, with
 * `db`: one transaction for the whole call in the actor's row-level-security scope (ADR 050) —
 * a failed call writes nothing. The refresh cookie alone never authorises a call.
 */
export const authenticated = createMiddleware({ type: 'function' })
  .middleware([carryAccessToken])
  .server(async ({ next, context }) => {
    const { actor, tenant } = await actorOfCall(context)
    return inCallScope(scopeOfActor(actor, tenant), (db) =>
      next({
        context: {
          actor,
          user: actor.user,
          organisation: actor.kind === 'business' ? actor.organisation : null,
          tenant,
          db,
        },
      }),
    )
  })

/**
 * As `authenticated`, for the few calls that talk to Mollie between their database steps: no
 * transaction may stay open across that wait, so `db` runs each statement and transaction in
 * the actor's scope on its own.
 */
export const authenticatedOutsideTransaction = createMiddleware({ type: 'function' })
  .middleware([carryAccessToken])
  .server(async ({ next, context }) => {
    const { actor, tenant } = await actorOfCall(context)
    const { database } = await getApp()
    return next({ context: { actor, tenant, db: database.scoped(scopeOfActor(actor, tenant)) } })
  })

/**
 * For calls a visitor may make too (a guest's reservation, the catalogue, whose prices some
 * pharmacies show only to their logged-in customers): with a token it is verified as above (a
 * dead one still answers 401, so the browser refreshes); without one the handler gets
 * `actor: null` and the host's shop scope.
 */
export const optionallyAuthenticated = createMiddleware({ type: 'function' })
  .middleware([carryAccessToken])
  .server(async ({ next, context }) => {
    const app = await getApp()
    const request = getRequest()
    const hasToken = (bearerToken(request) ?? context?.renderAccessToken ?? null) !== null
    const { actor, tenant } = hasToken
      ? await actorOfCall(context)
      : { actor: null, tenant: await tenantOfRequest(app, request) }
    return inCallScope(scopeOfActor(actor, tenant), (db) => next({ context: { actor, db } }))
  })

/**
 * For a shop's public calls (its catalogue, the configurator, a reservation's confirmation): no
 * token is read; `db` is the call's transaction in the scope of the host's shop (none elsewhere).
 */
export const onShopHost = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const tenant = await tenantOfRequest(await getApp(), getRequest())
  return inCallScope(scopeOfActor(null, tenant), (db) => next({ context: { db, tenant } }))
})
