import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getApp } from '~/server/app.server'
import { clientIpOf } from '~/server/http.server'
import {
  requestMemberPasswordReset,
  resetMemberPassword,
} from '~/server/organisations/member-password.server'
import { requestIdOf } from '../server-fn/errors.middleware'

/** A business user's "Passwort vergessen?": asking for the link, and using it. */

export const requestMemberResetFn = createServerFn({ method: 'POST' })
  .validator((input: { identifier: string }) => input as unknown)
  .handler(async ({ data }) => {
    return requestMemberPasswordReset((await getApp()).db, { ip: clientIpOf(getRequest()) }, data)
  })

export const resetMemberPasswordFn = createServerFn({ method: 'POST' })
  .validator((input: { token: string; password: string; repeat: string }) => input as unknown)
  .handler(async ({ data, context }) =>
    resetMemberPassword((await getApp()).db, data, requestIdOf(context)),
  )
