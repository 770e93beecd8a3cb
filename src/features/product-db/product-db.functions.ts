import { createServerFn } from '@tanstack/react-start'
import { parseMasterProductId } from '~/lib/product-db'
import { masterProductListSearch } from '~/lib/products'
import { getApp } from '~/server/app.server'
import {
  getMasterProduct,
  listManufacturers,
  listMasterProductHistory,
  listMasterProducts,
} from '~/server/products/master-products.server'
import { authenticated } from '../server-fn/auth.middleware'

/** What the product database's pages read; their loaders call these (zod-free validators). */

export const fetchMasterProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(masterProductListSearch)
  .handler(async ({ data, context }) =>
    listMasterProducts(context.actor, data, (await getApp()).db),
  )

export const fetchManufacturers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => listManufacturers(context.actor, (await getApp()).db))

export const fetchMasterProduct = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseMasterProductId)
  .handler(async ({ data, context }) =>
    getMasterProduct(context.actor, data.id, (await getApp()).db),
  )

export const fetchMasterProductHistory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseMasterProductId)
  .handler(async ({ data, context }) =>
    listMasterProductHistory(context.actor, data.id, (await getApp()).db),
  )
