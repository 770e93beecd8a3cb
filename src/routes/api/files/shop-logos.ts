import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { storeUploadHandler } from '~/server/files/file-http.server'

/** Uploads a shop's logo (the owner of a pharmacy or club; PNG, JPEG or WebP up to 1 MB, kept as
 * WebP): multipart field `file`, answers `{ id }`. The shop settings then name it as the logo. */
export const Route = createFileRoute('/api/files/shop-logos')({
  server: {
    handlers: apiHandlers(
      { POST: storeUploadHandler('/api/files/shop-logos') },
      { body: 'multipart' },
    ),
  },
})
