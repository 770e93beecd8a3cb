import { actorFromAccessToken, type BusinessActor, type ShopActor } from './actor.server'
import type { App } from './app.server'
import { bearerToken } from './auth.server'
import { requestHost } from './http.server'

/** The actor behind a REST call's bearer token; 401 when there is none or it is dead. */
export async function actorOfRequest(
  app: App,
  request: Request,
  requestId: string,
): Promise<BusinessActor | ShopActor> {
  const { actor } = await actorFromAccessToken(app, bearerToken(request), {
    host: requestHost(request),
    requestId,
  })
  return actor
}
