import { eq } from 'drizzle-orm'
import {
  mayTakePharmacistStep,
  type PharmacistOnlyStep,
  pharmacistOnlyMessages,
} from '../../lib/organisation'
import type { BusinessActor } from '../actor.server'
import type { Executor } from '../db/client.server'
import { users } from '../db/schema'
import { ForbiddenError } from '../errors.server'

/**
 * Refuses a pharmacist-only step (ApBetrO §§ 7, 8) to a member of a pharmacy who is not a
 * pharmacist. The qualification is read inside the caller's transaction, so a change by the owner
 * counts from the next step on, not from the next login. Other categories keep their role rules.
 */
export async function requirePharmacistFor(
  tx: Executor,
  actor: BusinessActor,
  step: PharmacistOnlyStep,
): Promise<void> {
  if (actor.organisation.category !== 'pharmacy') return
  const [member] = await tx
    .select({ qualification: users.qualification })
    .from(users)
    .where(eq(users.id, actor.user.id))
  if (!member || !mayTakePharmacistStep(actor.organisation.category, member.qualification)) {
    throw new ForbiddenError(pharmacistOnlyMessages[step])
  }
}
