import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { visitorActor } from '~/server/actor.server'
import { getApp } from '~/server/app.server'
import { ForbiddenError } from '~/server/errors.server'
import { clientIpOf } from '~/server/request-address.server'
import { configuratorProducts } from '~/server/shop/configurator-products.server'
import {
  getReservationConfirmation,
  reservePrescription,
  shopOf,
} from '~/server/shop/reservations.server'
import { tenantOfRequest } from '~/server/tenants.server'
import { onShopHost, optionallyAuthenticated } from '../../server-fn/auth.middleware'
import { requestIdOf } from '../../server-fn/errors.middleware'
import { idInput, noInput, objectInput } from '../../server-fn/inputs'

/** The Rezeptkonfigurator's calls. Public: a visitor composes and reserves without an account. */

export const fetchConfiguratorProducts = createServerFn({ method: 'GET' })
  .middleware([onShopHost])
  .validator(noInput)
  .handler(async ({ context }) => configuratorProducts(context.db, shopOf(context.tenant)))

export const reservePrescriptionFn = createServerFn({ method: 'POST' })
  .middleware([optionallyAuthenticated])
  .validator(objectInput<Record<string, unknown>>())
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const request = getRequest()
    // The back office orders through its own pages; here a shop customer or a guest reserves.
    if (context.actor?.kind === 'business') throw new ForbiddenError()
    const actor = context.actor ?? visitorActor(requestIdOf(context))
    return reservePrescription(
      context.db,
      await tenantOfRequest(app, request),
      actor,
      data,
      clientIpOf(request),
    )
  })

export const fetchReservationConfirmation = createServerFn({ method: 'GET' })
  .middleware([onShopHost])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    getReservationConfirmation(context.db, context.tenant, data.id),
  )
