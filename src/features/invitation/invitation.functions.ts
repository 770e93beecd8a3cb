import { createServerFn } from '@tanstack/react-start'
import type { InvitationAcceptanceInput } from '~/lib/organisation-team'
import { getApp } from '~/server/app.server'
import { acceptInvitation, getInvitation } from '~/server/organisations/invitations.server'
import { requestIdOf } from '../server-fn/errors.middleware'
import { inputOf, objectInput, passedOn } from '../server-fn/inputs'

/** The invitation page (no login): what the link offers, and taking it up. */

export const fetchInvitation = createServerFn({ method: 'GET' })
  .validator(inputOf({ token: passedOn<string>() }).transform(({ token }) => token))
  .handler(async ({ data }) => getInvitation((await getApp()).systemDb, data))

export const acceptInvitationFn = createServerFn({ method: 'POST' })
  .validator(objectInput<InvitationAcceptanceInput>())
  .handler(async ({ data, context }) =>
    acceptInvitation((await getApp()).systemDb, data, requestIdOf(context)),
  )
