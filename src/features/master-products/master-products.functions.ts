import { createServerFn } from '@tanstack/react-start'
import { masterProductListSearch } from '~/lib/products'
import {
  getMasterProduct,
  listManufacturers,
  listMasterProductHistory,
  listMasterProducts,
} from '~/server/products/master-products.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, noInput, readBy } from '../server-fn/inputs'

/** What the product database's pages read; their loaders call these. */

export const fetchMasterProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(masterProductListSearch.parse))
  .handler(async ({ data, context }) => listMasterProducts(context.actor, data, context.db))

export const fetchManufacturers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listManufacturers(context.actor, context.db))

export const fetchMasterProduct = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getMasterProduct(context.actor, data.id, context.db))

export const fetchMasterProductHistory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    listMasterProductHistory(context.actor, data.id, context.db),
  )
