import { createHash, randomBytes } from 'node:crypto'
import { organisationInvitations } from '../organisations/team.schema'
import { hashPassword } from '../password.server'
import type { Executor } from './client.server'
import { users } from './schema'

const day = 24 * 60 * 60 * 1000

/** Fixed ids of the team demo rows (the seed stays idempotent). */
export const demoTeamIds = {
  /** Nordhanf's former warehouse clerk: deactivated, cannot log in. */
  userWholesalerFormer: '00000000-0000-4000-8000-000000000207',
  invitationPending: '00000000-0000-4000-8000-000000000221',
  invitationExpired: '00000000-0000-4000-8000-000000000222',
} as const

/** Nobody holds the demo invitations' links; "Erneut senden" mails a fresh one. */
const unknownTokenHash = () => createHash('sha256').update(randomBytes(32)).digest('base64url')

/**
 * Sonnen-Apotheke has an open and an expired invitation; Nordhanf a deactivated user. Dates are
 * relative to the seed, so the open invitation is open on a fresh start.
 */
export async function seedDemoTeam(
  tx: Executor,
  ids: { pharmacy: string; wholesaler: string; userPharmacyOwner: string },
  now = new Date(),
): Promise<void> {
  await tx
    .insert(users)
    .values({
      id: demoTeamIds.userWholesalerFormer,
      organisationId: ids.wholesaler,
      username: 'lager',
      email: 'lager@nordhanf.example',
      name: 'Lars Ebbe',
      role: 'staff',
      active: false,
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    })
    .onConflictDoNothing()
  await tx
    .insert(organisationInvitations)
    .values([
      {
        id: demoTeamIds.invitationPending,
        organisationId: ids.pharmacy,
        email: 'pta@sonnen-apotheke.example',
        role: 'staff',
        tokenHash: unknownTokenHash(),
        invitedBy: ids.userPharmacyOwner,
        createdAt: new Date(now.getTime() - 2 * day),
        expiresAt: new Date(now.getTime() + 5 * day),
      },
      {
        id: demoTeamIds.invitationExpired,
        organisationId: ids.pharmacy,
        email: 'aushilfe@sonnen-apotheke.example',
        role: 'staff',
        tokenHash: unknownTokenHash(),
        invitedBy: ids.userPharmacyOwner,
        createdAt: new Date(now.getTime() - 10 * day),
        expiresAt: new Date(now.getTime() - 3 * day),
      },
    ])
    .onConflictDoNothing()
}
