import { createFileRoute } from '@tanstack/react-router'
import { errorResponse, notFoundMessage } from '~/server/http.server'

/** Unknown API paths answer JSON, not the HTML page-not-found. */
export const Route = createFileRoute('/api/$')({
  server: { handlers: { ANY: () => errorResponse(404, notFoundMessage) } },
})
