import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { storeUploadHandler } from '~/server/files/file-http.server'

/** Uploads the scan of a paper prescription (owner and staff of a pharmacy; PDF, PNG or JPEG up
 * to 10 MB): multipart field `file`, answers `{ id }`. The order refers to it when the
 * prescription is recorded. */
export const Route = createFileRoute('/api/files/prescription-scans')({
  server: {
    handlers: apiHandlers(
      { POST: storeUploadHandler('/api/files/prescription-scans') },
      { body: 'multipart' },
    ),
  },
})
