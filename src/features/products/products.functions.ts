import { createServerFn } from '@tanstack/react-start'
import { parseIdInput } from '~/lib/ids'
import { maxSearchLength } from '~/lib/list-query'
import { organisationProductListSearch } from '~/lib/products'
import { getApp } from '~/server/app.server'
import {
  getOrganisationProduct,
  listArchivedOrganisationProducts,
  listOrganisationProductHistory,
  listOrganisationProducts,
  searchMasterProductsToTakeOver,
} from '~/server/products/organisation-products.server'
import { authenticated } from '../server-fn/auth.middleware'

/** What the product pages read; their loaders call these (zod-free validators). */

export const fetchOrganisationProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(organisationProductListSearch)
  .handler(async ({ data, context }) =>
    listOrganisationProducts(context.actor, data, (await getApp()).db),
  )

export const fetchArchivedOrganisationProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(organisationProductListSearch)
  .handler(async ({ data, context }) =>
    listArchivedOrganisationProducts(context.actor, data, (await getApp()).db),
  )

export const fetchOrganisationProduct = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    getOrganisationProduct(context.actor, data.id, (await getApp()).db),
  )

export const fetchOrganisationProductHistory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    listOrganisationProductHistory(context.actor, data.id, (await getApp()).db),
  )

/** The take-over typeahead; a search is cut like a list's (`maxSearchLength`). */
export const fetchMasterProductPicks = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { q: string }) => ({
    q: typeof input?.q === 'string' ? input.q.trim().slice(0, maxSearchLength) : '',
  }))
  .handler(async ({ data, context }) =>
    searchMasterProductsToTakeOver(context.actor, data.q, (await getApp()).db),
  )
