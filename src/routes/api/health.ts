import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { checkHealth } from '~/server/health.server'
import { jsonResponse } from '~/server/http.server'

export const Route = createFileRoute('/api/health')({
  server: {
    handlers: apiHandlers({
      GET: async () => {
        const healthy = await checkHealth(await getApp())
        return jsonResponse(healthy ? { status: 'ok' } : { status: 'unavailable' }, {
          status: healthy ? 200 : 503,
        })
      },
    }),
  },
})
