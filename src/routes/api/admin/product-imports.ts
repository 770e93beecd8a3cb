import { createFileRoute } from '@tanstack/react-router'
import { actorFromAccessToken } from '~/server/actor.server'
import { getApp } from '~/server/app.server'
import { bearerToken } from '~/server/auth.server'
import { readUpload } from '~/server/files/file-http.server'
import { apiHandlers, jsonResponse, requestHost } from '~/server/http.server'
import { createProductImport } from '~/server/products/product-imports.server'

/**
 * Uploads a product file to the master database's import (platform admins): multipart field
 * `file`, CSV or XLSX up to 10 MB (the edge refuses more) and 50,000 rows. Answers `201 { id }`
 * of the analysed import, which the import page then shows.
 */
export const Route = createFileRoute('/api/admin/product-imports')({
  server: {
    handlers: apiHandlers(
      {
        POST: async ({ request, context }) => {
          const app = await getApp()
          const { actor } = await actorFromAccessToken(app, bearerToken(request), {
            host: requestHost(request),
            requestId: context.requestId,
          })
          const upload = await readUpload(request)
          const created = await createProductImport(
            actor,
            { fileName: upload.name, bytes: upload.bytes },
            app.db,
          )
          return jsonResponse(created, { status: 201 })
        },
      },
      { body: 'multipart' },
    ),
  },
})
