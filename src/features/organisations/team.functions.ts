import { createServerFn } from '@tanstack/react-start'
import type { MemberLinkInput } from '~/lib/customer-schemas'
import type { MemberQualification } from '~/lib/organisation'
import type { InvitationInput, MemberRole } from '~/lib/organisation-team'
import { linkTeamUserToMember, listMemberLinks } from '~/server/customers/member-accounts.server'
import {
  inviteMember,
  resendInvitation,
  revokeInvitation,
} from '~/server/organisations/invitations.server'
import {
  changeMemberQualification,
  changeMemberRole,
  getTeam,
  setMemberActive,
} from '~/server/organisations/team.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, passedOn, recordId } from '../server-fn/inputs'

/** The organisation page's team tab; the services check the caller and parse the rest. */

export const fetchTeam = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getTeam(context.actor, data.id, context.db))

export const changeMemberRoleFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ organisationId: recordId, userId: recordId, role: passedOn<MemberRole>() }).transform(
      ({ role, ...ids }) => ({ ...ids, change: { role } }),
    ),
  )
  .handler(async ({ data, context }) =>
    changeMemberRole(context.actor, data.organisationId, data.userId, data.change, context.db),
  )

export const changeMemberQualificationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({
      organisationId: recordId,
      userId: recordId,
      qualification: passedOn<MemberQualification>(),
    }).transform(({ qualification, ...ids }) => ({ ...ids, change: { qualification } })),
  )
  .handler(async ({ data, context }) =>
    changeMemberQualification(
      context.actor,
      data.organisationId,
      data.userId,
      data.change,
      context.db,
    ),
  )

export const setMemberActiveFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ organisationId: recordId, userId: recordId, active: passedOn<boolean>() }).transform(
      ({ active, ...ids }) => ({ ...ids, change: { active } }),
    ),
  )
  .handler(async ({ data, context }) =>
    setMemberActive(context.actor, data.organisationId, data.userId, data.change, context.db),
  )

export const inviteMemberFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ organisationId: recordId, invitation: passedOn<InvitationInput>() }))
  .handler(async ({ data, context }) =>
    inviteMember(context.actor, data.organisationId, data.invitation, context.db),
  )

export const resendInvitationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ organisationId: recordId, invitationId: recordId }))
  .handler(async ({ data, context }) =>
    resendInvitation(context.actor, data.organisationId, data.invitationId, context.db),
  )

export const revokeInvitationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ organisationId: recordId, invitationId: recordId }))
  .handler(async ({ data, context }) =>
    revokeInvitation(context.actor, data.organisationId, data.invitationId, context.db),
  )

/** A club's team accounts and their member records (§ 19 Abs. 2 KCanG); null for others. */
export const fetchMemberLinks = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => listMemberLinks(context.actor, data.id, context.db))

export const linkTeamUserToMemberFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ userId: recordId, link: passedOn<MemberLinkInput>() }))
  .handler(async ({ data, context }) =>
    linkTeamUserToMember(context.actor, data.userId, data.link, context.db),
  )
