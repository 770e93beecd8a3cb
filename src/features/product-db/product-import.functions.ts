import { createServerFn } from '@tanstack/react-start'
import {
  type ImportMapping,
  parseProductImportId,
  parseProductImportRowsQuery,
} from '~/lib/product-import-state'
import { getApp } from '~/server/app.server'
import {
  confirmProductImport,
  getProductImport,
  importFailureLogger,
  listProductImportRows,
  listRecentProductImports,
  productImportErrorReport,
  setProductImportMapping,
} from '~/server/products/product-imports.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * The import page's calls. The upload itself is the REST route `POST /api/admin/product-imports`
 * (a file with upload progress); everything after it goes through these. Validators are zod-free
 * (the route's loader calls the reading ones); the mapping is parsed by the service.
 */

export const fetchProductImport = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseProductImportId)
  .handler(async ({ data, context }) =>
    getProductImport(context.actor, data.id, (await getApp()).db),
  )

export const fetchRecentProductImports = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => listRecentProductImports(context.actor, (await getApp()).db))

export const fetchProductImportRows = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseProductImportRowsQuery)
  .handler(async ({ data, context }) =>
    listProductImportRows(context.actor, data, (await getApp()).db),
  )

export const fetchProductImportErrorReport = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseProductImportId)
  .handler(async ({ data, context }) =>
    productImportErrorReport(context.actor, data.id, (await getApp()).db),
  )

export const setProductImportMappingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; mapping: ImportMapping }) => ({
    ...parseProductImportId(input),
    mapping: input?.mapping as unknown,
  }))
  .handler(async ({ data, context }) =>
    setProductImportMapping(context.actor, data.id, data.mapping, (await getApp()).db),
  )

/** Starts the run and answers at once; the page polls `fetchProductImport` for its progress. */
export const confirmProductImportFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(parseProductImportId)
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const { started } = await confirmProductImport(context.actor, data.id, app.db, {
      onFailure: importFailureLogger(app.logger, context.actor.requestId, data.id),
    })
    return { started }
  })
