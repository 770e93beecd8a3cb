import { createMiddleware, getRouterInstance } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { actorFromAccessToken } from '~/server/actor.server'
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
 * For what visitors may read without an account but a logged-in shop customer sees more of (the
 * shop's prices where the pharmacy shows them only to its customers): no token is a visitor; a
 * token is verified like `authenticated` (a dead one is a 401, which the browser's refresh
 * answers) and counts when it is a shop customer's of this host's tenant.
 */
export const shopCustomerIfAny = createMiddleware({ type: 'function' })
  .middleware([carryAccessToken])
  .server(async ({ next, context }) => {
    const request = getRequest()
    const token = bearerToken(request) ?? context?.renderAccessToken ?? null
    if (!token) return next({ context: { shopCustomer: false } })
    const { actor } = await actorFromAccessToken(await getApp(), token, {
      host: requestHost(request),
      requestId: requestIdOf(context),
    })
    return next({ context: { shopCustomer: actor.kind === 'shop' } })
  })
