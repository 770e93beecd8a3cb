import { createFileRoute } from '@tanstack/react-router'
import { buildInfo } from '~/lib/build-info'

export const Route = createFileRoute('/api/version')({
  server: {
    handlers: {
      GET: () => Response.json(buildInfo, { headers: { 'Cache-Control': 'no-store' } }),
    },
  },
})
