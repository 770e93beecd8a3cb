import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { jsonResponse } from '~/server/http.server'
import { getOpenApiDocument } from '~/server/openapi.server'

/** The OpenAPI 3.1 description of the REST API; the reference page at /api/docs renders it. */
export const Route = createFileRoute('/api/openapi.json')({
  server: {
    handlers: apiHandlers({
      GET: () =>
        jsonResponse(getOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } }),
    }),
  },
})
