import { createServerFn } from '@tanstack/react-start'
import type { MasterProductUpdate } from '~/lib/master-product-schemas'
import type { MasterProductInput } from '~/lib/product-schemas'
import { createMasterProduct, updateMasterProduct } from '~/server/products/master-products.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, passedOn, recordId } from '../server-fn/inputs'

/**
 * Saving a master product. Only the form loads these (never a loader), so they stay out of the
 * first page load. The services parse the product with the shared zod schema themselves; the
 * validators here check the input's shape.
 */

export const createMasterProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ product: passedOn<MasterProductInput>() }))
  .handler(async ({ data, context }) =>
    createMasterProduct(context.actor, data.product, context.db),
  )

export const updateMasterProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, product: passedOn<MasterProductUpdate>() }))
  .handler(async ({ data, context }) =>
    updateMasterProduct(context.actor, data.id, data.product, context.db),
  )
