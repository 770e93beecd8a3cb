import { createServerFn } from '@tanstack/react-start'
import type { InvitationAcceptanceInput } from '~/lib/organisation-team'
import { getApp } from '~/server/app.server'
import { acceptInvitation, getInvitation } from '~/server/organisations/invitations.server'
import { requestIdOf } from '../server-fn/errors.middleware'

/** The invitation page (no login): what the link offers, and taking it up. */

export const fetchInvitation = createServerFn({ method: 'GET' })
  .validator((input: { token: string }) => input?.token as unknown)
  .handler(async ({ data }) => getInvitation((await getApp()).db, data))

export const acceptInvitationFn = createServerFn({ method: 'POST' })
  .validator((input: InvitationAcceptanceInput) => input as unknown)
  .handler(async ({ data, context }) =>
    acceptInvitation((await getApp()).db, data, requestIdOf(context)),
  )
