import {
  actorFromAccessToken,
  type BusinessActor,
  type ShopActor,
  scopeOfActor,
} from './actor.server'
import type { App } from './app.server'
import { bearerToken } from './auth.server'
import type { Database } from './db/client.server'
import { requestHost } from './request-address.server'

/**
 * The actor behind a REST call's bearer token (401 when there is none or it is dead) and the
 * database in that actor's row-level-security scope (ADR 050). Every statement and transaction
 * carries the scope on its own, so a download may keep reading after the handler returned.
 */
export async function actorOfRequest(
  app: App,
  request: Request,
  requestId: string,
): Promise<{ actor: BusinessActor | ShopActor; db: Database }> {
  const { actor, tenant } = await actorFromAccessToken(app, bearerToken(request), {
    host: requestHost(request),
    requestId,
  })
  return { actor, db: app.database.scoped(scopeOfActor(actor, tenant)) }
}
