import { createServerFn } from '@tanstack/react-start'
import {
  getProductImport,
  listRecentProductImports,
} from '~/server/products/product-imports.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, noInput } from '../server-fn/inputs'

/**
 * What the import page's loader reads. The upload itself is
 * the REST route `POST /api/admin/product-imports` (a file with upload progress); what the page's
 * components call afterwards is in `product-import-actions.functions.ts`.
 */

export const fetchProductImport = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getProductImport(context.actor, data.id, context.db))

export const fetchRecentProductImports = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listRecentProductImports(context.actor, context.db))
