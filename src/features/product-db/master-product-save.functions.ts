import { createServerFn } from '@tanstack/react-start'
import { isUuid } from '~/lib/ids'
import type { MasterProductUpdate } from '~/lib/product-db-schemas'
import type { MasterProductInput } from '~/lib/product-schemas'
import { getApp } from '~/server/app.server'
import { createMasterProduct, updateMasterProduct } from '~/server/products/master-products.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * Saving a master product. Only the form loads these (never a loader), so they stay out of the
 * first page load. The services parse the product with the shared zod schema themselves; the
 * validators here only pass the input on in its place.
 */

export const createMasterProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { product: MasterProductInput }) => ({ product: input?.product as unknown }))
  .handler(async ({ data, context }) =>
    createMasterProduct(context.actor, data.product, (await getApp()).db),
  )

export const updateMasterProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; product: MasterProductUpdate }) => ({
    id: isUuid(input?.id) ? input.id : '',
    product: input?.product as unknown,
  }))
  .handler(async ({ data, context }) =>
    updateMasterProduct(context.actor, data.id, data.product, (await getApp()).db),
  )
