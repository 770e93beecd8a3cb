import { createServerFn } from '@tanstack/react-start'
import type { ShopSettingsInput } from '~/lib/shop-settings'
import { getApp } from '~/server/app.server'
import {
  checkShopDomain,
  getShopSettings,
  setShopMollieKey,
  testShopMollieConnection,
  updateShopSettings,
} from '~/server/organisations/shop-settings.server'
import { authenticated, authenticatedOutsideTransaction } from '../server-fn/auth.middleware'
import { idInput, inputOf, passedOn, recordId } from '../server-fn/inputs'

/** The organisation page's shop tab; the services check the caller and parse the rest. */

export const fetchShopSettings = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    getShopSettings(context.actor, data.id, { ...(await getApp()), db: context.db }),
  )

export const updateShopSettingsFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({
      organisationId: recordId,
      config: passedOn<ShopSettingsInput>(),
      customDomain: passedOn<string>(),
    }),
  )
  .handler(async ({ data, context }) =>
    updateShopSettings(context.actor, data.organisationId, data, {
      ...(await getApp()),
      db: context.db,
    }),
  )

export const setShopMollieKeyFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ organisationId: recordId, apiKey: passedOn<string | null>() }))
  .handler(async ({ data, context }) =>
    setShopMollieKey(context.actor, data.organisationId, data.apiKey, {
      ...(await getApp()),
      db: context.db,
    }),
  )

export const testShopMollieConnectionFn = createServerFn({ method: 'POST' })
  .middleware([authenticatedOutsideTransaction])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    testShopMollieConnection(context.actor, data.id, { ...(await getApp()), db: context.db }),
  )

export const checkShopDomainFn = createServerFn({ method: 'POST' })
  .middleware([authenticatedOutsideTransaction])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    checkShopDomain(context.actor, data.id, { ...(await getApp()), db: context.db }),
  )
