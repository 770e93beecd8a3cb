import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { storeUploadHandler } from '~/server/files/file-http.server'

/** Uploads a batch's certificate of analysis or lab report (owner and staff of a stock-keeping
 * organisation; PDF, PNG or JPEG up to 10 MB): multipart field `file`, answers `{ id }`. */
export const Route = createFileRoute('/api/files/batch-certificates')({
  server: {
    handlers: apiHandlers(
      { POST: storeUploadHandler('/api/files/batch-certificates') },
      { body: 'multipart' },
    ),
  },
})
