import { createServerFn } from '@tanstack/react-start'
import { isUuid, parseIdInput } from '~/lib/ids'
import type { InvitationInput, MemberRole } from '~/lib/organisation-team'
import { getApp } from '~/server/app.server'
import {
  inviteMember,
  resendInvitation,
  revokeInvitation,
} from '~/server/organisations/invitations.server'
import { changeMemberRole, getTeam, setMemberActive } from '~/server/organisations/team.server'
import { authenticated } from '../server-fn/auth.middleware'

/** The organisation page's team tab; the services check the caller and parse the rest. */

const idOf = (value: unknown) => (isUuid(value) ? value : '')

export const fetchTeam = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) => getTeam(context.actor, data.id, (await getApp()).db))

export const changeMemberRoleFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { organisationId: string; userId: string; role: MemberRole }) => ({
    organisationId: idOf(input?.organisationId),
    userId: idOf(input?.userId),
    change: { role: input?.role } as unknown,
  }))
  .handler(async ({ data, context }) =>
    changeMemberRole(
      context.actor,
      data.organisationId,
      data.userId,
      data.change,
      (await getApp()).db,
    ),
  )

export const setMemberActiveFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { organisationId: string; userId: string; active: boolean }) => ({
    organisationId: idOf(input?.organisationId),
    userId: idOf(input?.userId),
    change: { active: input?.active } as unknown,
  }))
  .handler(async ({ data, context }) =>
    setMemberActive(
      context.actor,
      data.organisationId,
      data.userId,
      data.change,
      (await getApp()).db,
    ),
  )

export const inviteMemberFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { organisationId: string; invitation: InvitationInput }) => ({
    organisationId: idOf(input?.organisationId),
    invitation: input?.invitation as unknown,
  }))
  .handler(async ({ data, context }) =>
    inviteMember(context.actor, data.organisationId, data.invitation, (await getApp()).db),
  )

export const resendInvitationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { organisationId: string; invitationId: string }) => ({
    organisationId: idOf(input?.organisationId),
    invitationId: idOf(input?.invitationId),
  }))
  .handler(async ({ data, context }) =>
    resendInvitation(context.actor, data.organisationId, data.invitationId, (await getApp()).db),
  )

export const revokeInvitationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { organisationId: string; invitationId: string }) => ({
    organisationId: idOf(input?.organisationId),
    invitationId: idOf(input?.invitationId),
  }))
  .handler(async ({ data, context }) =>
    revokeInvitation(context.actor, data.organisationId, data.invitationId, (await getApp()).db),
  )
