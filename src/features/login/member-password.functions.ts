import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getApp } from '~/server/app.server'
import {
  requestMemberPasswordReset,
  resetMemberPassword,
} from '~/server/organisations/member-password.server'
import { clientIpOf } from '~/server/request-address.server'
import { requestIdOf } from '../server-fn/errors.middleware'
import { objectInput } from '../server-fn/inputs'

/** A business user's "Passwort vergessen?": asking for the link, and using it. */

export const requestMemberResetFn = createServerFn({ method: 'POST' })
  .validator(objectInput<{ identifier: string }>())
  .handler(async ({ data }) => {
    return requestMemberPasswordReset(
      (await getApp()).systemDb,
      { ip: clientIpOf(getRequest()) },
      data,
    )
  })

export const resetMemberPasswordFn = createServerFn({ method: 'POST' })
  .validator(objectInput<{ token: string; password: string; repeat: string }>())
  .handler(async ({ data, context }) =>
    resetMemberPassword((await getApp()).systemDb, data, requestIdOf(context)),
  )
