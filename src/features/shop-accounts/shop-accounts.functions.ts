import { createServerFn } from '@tanstack/react-start'
import type { RegistrationInput } from '~/lib/shop-accounts'
import { getApp } from '~/server/app.server'
import { accountRequest } from '~/server/shop-accounts/account-request.server'
import {
  confirmEmailChange,
  confirmRegistration,
  inspectToken,
  registerShopUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
} from '~/server/shop-accounts/shop-accounts.server'

// The services parse every input with the shared schemas and answer their German field messages.
const raw = <T>(input: T) => input as unknown

export const registerFn = createServerFn({ method: 'POST' })
  .validator((input: Omit<RegistrationInput, 'privacyConsent'> & { privacyConsent: boolean }) =>
    raw(input),
  )
  .handler(async ({ data }) => registerShopUser((await getApp()).db, await accountRequest(), data))

export const resendConfirmationFn = createServerFn({ method: 'POST' })
  .validator((input: { email: string }) => raw(input))
  .handler(async ({ data }) =>
    resendConfirmation((await getApp()).db, await accountRequest(), data),
  )

export const requestPasswordResetFn = createServerFn({ method: 'POST' })
  .validator((input: { email: string }) => raw(input))
  .handler(async ({ data }) =>
    requestPasswordReset((await getApp()).db, await accountRequest(), data),
  )

export const inspectTokenFn = createServerFn({ method: 'GET' })
  .validator((input: { token: string }) => raw(input?.token))
  .handler(async ({ data }) => {
    const { shop } = await accountRequest()
    return inspectToken((await getApp()).db, shop, data)
  })

export const confirmRegistrationFn = createServerFn({ method: 'POST' })
  .validator((input: { token: string }) => raw(input?.token))
  .handler(async ({ data }) => {
    const { shop } = await accountRequest()
    return confirmRegistration((await getApp()).db, shop, data)
  })

export const resetPasswordFn = createServerFn({ method: 'POST' })
  .validator((input: { token: string; password: string; repeat: string }) => raw(input))
  .handler(async ({ data }) => {
    const { shop } = await accountRequest()
    return resetPassword((await getApp()).db, shop, data)
  })

export const confirmEmailChangeFn = createServerFn({ method: 'POST' })
  .validator((input: { token: string }) => raw(input?.token))
  .handler(async ({ data }) =>
    confirmEmailChange((await getApp()).db, await accountRequest(), data),
  )
