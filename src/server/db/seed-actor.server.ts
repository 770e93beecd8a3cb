import type { BusinessActor } from '../actor.server'
import { getActiveBusinessUser } from '../auth.server'
import type { Database } from './client.server'

/** A demo user as the services see them: the demo data is made through the same services. */
export async function demoActorOf(db: Database, userId: string): Promise<BusinessActor> {
  const user = await getActiveBusinessUser(db, userId)
  if (!user) throw new Error(`demo user ${userId} missing`)
  return {
    kind: 'business',
    user,
    organisation: user.organisation,
    sessionId: 'seed',
    requestId: null,
  }
}
