import { createFileRoute } from '@tanstack/react-router'
import { buildInfo } from '~/lib/build-info'
import { apiHandlers } from '~/server/api-handlers.server'
import { jsonResponse } from '~/server/http.server'

export const Route = createFileRoute('/api/version')({
  server: {
    handlers: apiHandlers({ GET: () => jsonResponse(buildInfo) }),
  },
})
