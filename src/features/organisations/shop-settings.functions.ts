import { createServerFn } from '@tanstack/react-start'
import { isUuid, parseIdInput } from '~/lib/ids'
import type { ShopSettingsInput } from '~/lib/shop-settings'
import { getApp } from '~/server/app.server'
import {
  checkShopDomain,
  getShopSettings,
  setShopMollieKey,
  testShopMollieConnection,
  updateShopSettings,
} from '~/server/organisations/shop-settings.server'
import { authenticated } from '../server-fn/auth.middleware'

/** The organisation page's shop tab; the services check the caller and parse the rest. */

const idOf = (value: unknown) => (isUuid(value) ? value : '')

export const fetchShopSettings = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) => getShopSettings(context.actor, data.id, await getApp()))

export const updateShopSettingsFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    (input: { organisationId: string; config: ShopSettingsInput; customDomain: string }) => ({
      organisationId: idOf(input?.organisationId),
      config: input?.config as unknown,
      customDomain: input?.customDomain as unknown,
    }),
  )
  .handler(async ({ data, context }) =>
    updateShopSettings(context.actor, data.organisationId, data, await getApp()),
  )

export const setShopMollieKeyFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { organisationId: string; apiKey: string | null }) => ({
    organisationId: idOf(input?.organisationId),
    apiKey: input?.apiKey as unknown,
  }))
  .handler(async ({ data, context }) =>
    setShopMollieKey(context.actor, data.organisationId, data.apiKey, await getApp()),
  )

export const testShopMollieConnectionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    testShopMollieConnection(context.actor, data.id, await getApp()),
  )

export const checkShopDomainFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) => checkShopDomain(context.actor, data.id, await getApp()))
