import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { storeUploadHandler } from '~/server/files/file-http.server'

/** Uploads a master product's picture (platform admins): multipart field `file`, answers `{ id }`. */
export const Route = createFileRoute('/api/files/product-images')({
  server: {
    handlers: apiHandlers(
      { POST: storeUploadHandler('/api/files/product-images') },
      { body: 'multipart' },
    ),
  },
})
