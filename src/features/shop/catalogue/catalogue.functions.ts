import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { isUuid } from '~/lib/ids'
import {
  type CatalogueCategory,
  catalogueCategories,
  parseCatalogueListInput,
} from '~/lib/shop-catalogue'
import { getApp } from '~/server/app.server'
import { catalogueViewOf } from '~/server/shop/catalogue.server'
import { cachedCatalogueList, cachedCatalogueProduct } from '~/server/shop/catalogue-cache.server'
import { shopOfRequest } from '~/server/shop/shop.server'
import { optionallyAuthenticated } from '../../server-fn/auth.middleware'
import { readBy } from '../../server-fn/inputs'

/** What the catalogue pages read: open to visitors, prices by the shop's rules. */

export const fetchCatalogue = createServerFn({ method: 'GET' })
  .middleware([optionallyAuthenticated])
  .validator(readBy(parseCatalogueListInput))
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const shop = await shopOfRequest(app, getRequest())
    return cachedCatalogueList(
      app.database,
      shop,
      catalogueViewOf(shop, context.actor?.kind === 'shop'),
      data,
    )
  })

export interface CatalogueProductInput {
  category: CatalogueCategory
  id: string
}

/** An id that is no id becomes the empty string, which the service answers with 404. */
export function parseCatalogueProductInput(input: unknown): CatalogueProductInput {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  return {
    category: catalogueCategories.includes(raw.category as CatalogueCategory)
      ? (raw.category as CatalogueCategory)
      : 'flower',
    id: isUuid(raw.id) ? raw.id.toLowerCase() : '',
  }
}

export const fetchCatalogueProduct = createServerFn({ method: 'GET' })
  .middleware([optionallyAuthenticated])
  .validator(readBy(parseCatalogueProductInput))
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const shop = await shopOfRequest(app, getRequest())
    return cachedCatalogueProduct(
      app.database,
      shop,
      catalogueViewOf(shop, context.actor?.kind === 'shop'),
      data.category,
      data.id,
    )
  })
