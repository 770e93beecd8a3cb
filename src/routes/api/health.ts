import { createFileRoute } from '@tanstack/react-router'
import { getApp } from '~/server/app.server'
import { checkHealth } from '~/server/health.server'

export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: async () => {
        const healthy = await checkHealth(await getApp())
        return Response.json(healthy ? { status: 'ok' } : { status: 'unavailable' }, {
          status: healthy ? 200 : 503,
          headers: { 'Cache-Control': 'no-store' },
        })
      },
    },
  },
})
