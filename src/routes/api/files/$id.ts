import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { storedFileResponse, viewerOf } from '~/server/files/file-http.server'
import { openStoredFile } from '~/server/files/file-store.server'

/** A stored file, for whoever its purpose lets read it (product images: everyone). */
export const Route = createFileRoute('/api/files/$id')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, params, context }) => {
        const app = await getApp()
        const { viewer, db } = await viewerOf(app, request, context.requestId)
        const file = await openStoredFile(viewer, params.id ?? '', db)
        return storedFileResponse(request, file)
      },
    }),
  },
})
