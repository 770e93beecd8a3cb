import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { storeUploadHandler } from '~/server/files/file-http.server'

/** Uploads the organisation's letterhead logo (the owner; PNG or JPEG up to 2 MB): multipart
 * field `file`, answers `{ id }`. The settings form then names it as the logo. */
export const Route = createFileRoute('/api/files/organisation-logos')({
  server: {
    handlers: apiHandlers(
      { POST: storeUploadHandler('/api/files/organisation-logos') },
      { body: 'multipart' },
    ),
  },
})
