import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { routeChunksResponse } from '~/server/route-chunks.server'

/** Which chunks each route loads, for the browser to preload before it navigates there. */
export const Route = createFileRoute('/api/route-chunks')({
  server: {
    handlers: apiHandlers({ GET: () => routeChunksResponse() }),
  },
})
