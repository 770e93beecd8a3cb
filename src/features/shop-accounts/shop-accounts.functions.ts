import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { safeRedirectTarget } from '~/lib/access-rules'
import type { RegistrationInput } from '~/lib/shop-accounts'
import { getApp } from '~/server/app.server'
import { inspectMemberToken } from '~/server/organisations/member-password.server'
import { accountRequest } from '~/server/shop-accounts/account-request.server'
import {
  confirmEmailChange,
  inspectToken,
  registerShopUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  tokenMessages,
} from '~/server/shop-accounts/shop-accounts.server'
import { isShopTenant, tenantOfRequest } from '~/server/tenants.server'
import {
  confirmRegistrationWithCookie,
  keepRegisteringDevice,
  newRegisteringDevice,
} from '~/server/web-session.server'
import { requestIdOf } from '../server-fn/errors.middleware'
import { inputOf, objectInput, passedOn } from '../server-fn/inputs'

// The services parse every input with the shared schemas and answer their German field messages.
const tokenInput = inputOf({ token: passedOn<string>() }).transform(({ token }) => token)

/**
 * Registers and binds the confirmation link to this browser (ADR 077). `redirect` — where the
 * person was, e.g. the checkout — is kept only as a path on this site.
 */
export const registerFn = createServerFn({ method: 'POST' })
  .validator(
    objectInput<
      Omit<RegistrationInput, 'privacyConsent'> & { privacyConsent: boolean; redirect?: string }
    >(),
  )
  .handler(async ({ data: { redirect, ...registration } }) => {
    const request = await accountRequest()
    const device = newRegisteringDevice(safeRedirectTarget(redirect))
    const answer = await registerShopUser((await getApp()).systemDb, request, registration, device)
    keepRegisteringDevice(device)
    return answer
  })

export const resendConfirmationFn = createServerFn({ method: 'POST' })
  .validator(objectInput<{ email: string }>())
  .handler(async ({ data }) =>
    resendConfirmation((await getApp()).systemDb, await accountRequest(), data),
  )

export const requestPasswordResetFn = createServerFn({ method: 'POST' })
  .validator(objectInput<{ email: string }>())
  .handler(async ({ data }) =>
    requestPasswordReset((await getApp()).systemDb, await accountRequest(), data),
  )

/**
 * What a `/confirmation/$token` link is for: a business user's password reset (any host), or a
 * step of a shop account on this shop's host.
 */
export const inspectTokenFn = createServerFn({ method: 'GET' })
  .validator(tokenInput)
  .handler(async ({ data }) => {
    const app = await getApp()
    const member = await inspectMemberToken(app.systemDb, data)
    const tenant = member ? null : await tenantOfRequest(app, getRequest())
    if (!isShopTenant(tenant)) {
      return {
        account: 'business' as const,
        purpose: 'reset_password' as const,
        problem: member ? member.problem : tokenMessages.unknown,
      }
    }
    return { account: 'shop' as const, ...(await inspectToken(app.systemDb, tenant, data)) }
  })

export const confirmRegistrationFn = createServerFn({ method: 'POST' })
  .validator(tokenInput)
  .handler(async ({ data, context }) => {
    const { shop } = await accountRequest()
    return confirmRegistrationWithCookie(shop, data, requestIdOf(context))
  })

export const resetPasswordFn = createServerFn({ method: 'POST' })
  .validator(objectInput<{ token: string; password: string; repeat: string }>())
  .handler(async ({ data }) => {
    const { shop } = await accountRequest()
    return resetPassword((await getApp()).systemDb, shop, data)
  })

export const confirmEmailChangeFn = createServerFn({ method: 'POST' })
  .validator(tokenInput)
  .handler(async ({ data }) =>
    confirmEmailChange((await getApp()).systemDb, await accountRequest(), data),
  )
