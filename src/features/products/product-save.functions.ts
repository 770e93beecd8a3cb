import { createServerFn } from '@tanstack/react-start'
import type { UpdateOrganisationProductInput } from '~/lib/organisation-product-schemas'
import type { CreateOrganisationProductInput } from '~/lib/product-schemas'
import {
  acknowledgeMasterChange,
  archiveOrganisationProduct,
  createOrganisationProduct,
  restoreOrganisationProduct,
  updateOrganisationProduct,
} from '~/server/products/organisation-products.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, passedOn, recordId } from '../server-fn/inputs'

/**
 * Changing an organisation's products. Only forms and buttons load these (never a loader), so
 * they stay out of the first page load. The services parse the input with the shared zod
 * schemas themselves; the validators here check its shape.
 */

export const createOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ product: passedOn<CreateOrganisationProductInput>() }))
  .handler(async ({ data, context }) =>
    createOrganisationProduct(context.actor, data.product, context.db),
  )

export const updateOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, changes: passedOn<UpdateOrganisationProductInput>() }))
  .handler(async ({ data, context }) =>
    updateOrganisationProduct(context.actor, data.id, data.changes, context.db),
  )

export const archiveOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    archiveOrganisationProduct(context.actor, data.id, context.db),
  )

export const restoreOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    restoreOrganisationProduct(context.actor, data.id, context.db),
  )

export const acknowledgeMasterChangeFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, productRevision: passedOn<number>() }).transform(
      ({ id, productRevision }) => ({ id, acknowledgement: { productRevision } }),
    ),
  )
  .handler(async ({ data, context }) =>
    acknowledgeMasterChange(context.actor, data.id, data.acknowledgement, context.db),
  )
