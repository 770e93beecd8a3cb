import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { storeUploadHandler } from '~/server/files/file-http.server'

/** Uploads a certificate of exemption from statutory co-payments (a pharmacy's owner and staff,
 * or a customer of its shop at checkout; PDF, PNG or JPEG up to 10 MB): multipart field `file`,
 * answers `{ id }`. */
export const Route = createFileRoute('/api/files/copayment-exemptions')({
  server: {
    handlers: apiHandlers(
      { POST: storeUploadHandler('/api/files/copayment-exemptions') },
      { body: 'multipart' },
    ),
  },
})
