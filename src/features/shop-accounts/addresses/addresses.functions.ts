import { createServerFn } from '@tanstack/react-start'
import type { AddressKind, ShopAddressInput } from '~/lib/shop-addresses'
import {
  createShopAddress,
  deleteShopAddress,
  listShopAddresses,
  setDefaultShopAddress,
  updateShopAddress,
} from '~/server/shop-accounts/shop-addresses.server'
import { authenticated } from '../../server-fn/auth.middleware'
import { idInput, inputOf, noInput, objectInput, passedOn, recordId } from '../../server-fn/inputs'

/** The address book's calls; the service parses every input and refuses anybody but its owner. */

export const fetchShopAddresses = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listShopAddresses(context.actor, context.db))

export const createShopAddressFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<ShopAddressInput>())
  .handler(async ({ data, context }) => createShopAddress(context.actor, data, context.db))

export const updateShopAddressFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, address: passedOn<ShopAddressInput>() }))
  .handler(async ({ data, context }) =>
    updateShopAddress(context.actor, data.id, data.address, context.db),
  )

export const setDefaultShopAddressFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<{ id: string; kind: AddressKind }>())
  .handler(async ({ data, context }) => setDefaultShopAddress(context.actor, data, context.db))

export const deleteShopAddressFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => {
    await deleteShopAddress(context.actor, data.id, context.db)
    return { deleted: true }
  })
