import { createServerFn } from '@tanstack/react-start'
import type { ImportMapping } from '~/lib/product-import-state'
import { parseProductImportRowsQuery } from '~/lib/product-import-state'
import { getApp } from '~/server/app.server'
import {
  confirmProductImport,
  importFailureLogger,
  listProductImportRows,
  productImportErrorReport,
  setProductImportMapping,
} from '~/server/products/product-imports.server'
import { authenticated, authenticatedOutsideTransaction } from '../server-fn/auth.middleware'
import { idInput, inputOf, passedOn, readBy, recordId } from '../server-fn/inputs'

/**
 * What the import page's components call (never a loader), so they stay out of the first page
 * load: the preview's rows, the error report, the mapping and the confirm. The mapping is parsed
 * by the service.
 */

export const fetchProductImportRows = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(parseProductImportRowsQuery))
  .handler(async ({ data, context }) => listProductImportRows(context.actor, data, context.db))

export const fetchProductImportErrorReport = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) =>
    productImportErrorReport(context.actor, data.id, context.db),
  )

export const setProductImportMappingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, mapping: passedOn<ImportMapping>() }))
  .handler(async ({ data, context }) =>
    setProductImportMapping(context.actor, data.id, data.mapping, context.db),
  )

/** Starts the run and answers at once; the page polls `fetchProductImport` for its progress. */
export const confirmProductImportFn = createServerFn({ method: 'POST' })
  .middleware([authenticatedOutsideTransaction])
  .validator(idInput)
  .handler(async ({ data, context }) => {
    const app = await getApp()
    const { started } = await confirmProductImport(context.actor, data.id, context.db, {
      onFailure: importFailureLogger(app.logger, context.actor.requestId, data.id),
    })
    return { started }
  })
