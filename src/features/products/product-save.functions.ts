import { createServerFn } from '@tanstack/react-start'
import { isUuid } from '~/lib/ids'
import type { UpdateOrganisationProductInput } from '~/lib/organisation-product-schemas'
import type { CreateOrganisationProductInput } from '~/lib/product-schemas'
import { getApp } from '~/server/app.server'
import {
  acknowledgeMasterChange,
  archiveOrganisationProduct,
  createOrganisationProduct,
  restoreOrganisationProduct,
  updateOrganisationProduct,
} from '~/server/products/organisation-products.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * Changing an organisation's products. Only forms and buttons load these (never a loader), so
 * they stay out of the first page load. The services parse the input with the shared zod
 * schemas themselves; the validators here only pass it on in its place.
 */

const idOf = (input: { id?: unknown } | null | undefined) => (isUuid(input?.id) ? input.id : '')

export const createOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { product: CreateOrganisationProductInput }) => ({
    product: input?.product as unknown,
  }))
  .handler(async ({ data, context }) =>
    createOrganisationProduct(context.actor, data.product, (await getApp()).db),
  )

export const updateOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; changes: UpdateOrganisationProductInput }) => ({
    id: idOf(input),
    changes: input?.changes as unknown,
  }))
  .handler(async ({ data, context }) =>
    updateOrganisationProduct(context.actor, data.id, data.changes, (await getApp()).db),
  )

export const archiveOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string }) => ({ id: idOf(input) }))
  .handler(async ({ data, context }) =>
    archiveOrganisationProduct(context.actor, data.id, (await getApp()).db),
  )

export const restoreOrganisationProductFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string }) => ({ id: idOf(input) }))
  .handler(async ({ data, context }) =>
    restoreOrganisationProduct(context.actor, data.id, (await getApp()).db),
  )

export const acknowledgeMasterChangeFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; productRevision: number }) => ({
    id: idOf(input),
    acknowledgement: { productRevision: input?.productRevision as unknown },
  }))
  .handler(async ({ data, context }) =>
    acknowledgeMasterChange(context.actor, data.id, data.acknowledgement, (await getApp()).db),
  )
