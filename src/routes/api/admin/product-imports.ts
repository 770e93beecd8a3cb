import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { readUpload } from '~/server/files/file-http.server'
import { jsonResponse } from '~/server/http.server'
import { createProductImport } from '~/server/products/product-imports.server'
import { actorOfRequest } from '~/server/request-actor.server'

/**
 * Uploads a product file to the master database's import (platform admins): multipart field
 * `file`, CSV or XLSX up to 10 MB and 50,000 rows. Answers `201 { id }` of the analysed import,
 * which the import page then shows. ADR 017.
 */
export const Route = createFileRoute('/api/admin/product-imports')({
  server: {
    handlers: apiHandlers(
      {
        POST: async ({ request, context }) => {
          const app = await getApp()
          const { actor, db } = await actorOfRequest(app, request, context.requestId)
          const upload = await readUpload(request)
          const created = await createProductImport(
            actor,
            { fileName: upload.name, bytes: upload.bytes },
            db,
          )
          return jsonResponse(created, { status: 201 })
        },
      },
      { body: 'multipart' },
    ),
  },
})
