import { createMiddleware, getRouterInstance } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { actorFromAccessToken, type BusinessActor, type ShopActor } from '~/server/actor.server'
import { getApp } from '~/server/app.server'
import { bearerToken } from '~/server/auth.server'
import { requestHost } from '~/server/http.server'
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
 * The way into business services: the access token goes along (`carryAccessToken`); the server
 * verifies it and puts `{ actor, user, organisation, tenant }` into the handler's
 * context. The refresh cookie alone never authorises a call.
 */
export const authenticated = createMiddleware({ type: 'function' })
  .middleware([carryAccessToken])
  .server(async ({ next, context }) => {
    const request = getRequest()
    const token = bearerToken(request) ?? context?.renderAccessToken ?? null
    const { actor, tenant } = await actorFromAccessToken(await getApp(), token, {
      host: requestHost(request),
      requestId: requestIdOf(context),
    })
    return next({
      context: {
        actor,
        user: actor.user,
        organisation: actor.kind === 'business' ? actor.organisation : null,
        tenant,
      },
    })
  })

/**
 * For calls a visitor may make too (a guest's reservation, the catalogue, whose prices some
 * pharmacies show only to their logged-in customers): with a token it is
 * verified as above (a dead one still answers 401, so the browser refreshes); without one the
 * handler gets `actor: null`.
 */
export const optionallyAuthenticated = createMiddleware({ type: 'function' })
  .middleware([carryAccessToken])
  .server(async ({ next, context }) => {
    const request = getRequest()
    const token = bearerToken(request) ?? context?.renderAccessToken ?? null
    const actor: BusinessActor | ShopActor | null = token
      ? (
          await actorFromAccessToken(await getApp(), token, {
            host: requestHost(request),
            requestId: requestIdOf(context),
          })
        ).actor
      : null
    return next({ context: { actor } })
  })
