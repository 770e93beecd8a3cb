import { createServerFn } from '@tanstack/react-start'
import { organisationProductListSearch } from '~/lib/products'
import {
  getOrganisationProduct,
  listArchivedOrganisationProducts,
  listOrganisationProductHistory,
  listOrganisationProducts,
  searchMasterProductsToTakeOver,
} from '~/server/products/organisation-products.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, readBy, searchInput } from '../server-fn/inputs'

/** What the product pages read; their loaders call these. */

export const fetchOrganisationProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(organisationProductListSearch.parse))
  .handler(async ({ data, context }) => listOrganisationProducts(context.actor, data, context.db))

export const fetchArchivedOrganisationProducts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(organisationProductListSearch.parse))
  .handler(async ({ data, context }) =>
    listArchivedOrganisationProducts(context.actor, data, context.db),
  )

export const fetchOrganisationProduct = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getOrganisationProduct(context.actor, data.id, context.db))

export const fetchOrganisationProductHistory = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    listOrganisationProductHistory(context.actor, data.id, context.db),
  )

/** The take-over typeahead; a search is cut like a list's (`maxSearchLength`). */
export const fetchMasterProductPicks = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(searchInput)
  .handler(async ({ data, context }) =>
    searchMasterProductsToTakeOver(context.actor, data.q, context.db),
  )
