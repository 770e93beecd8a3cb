import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { hostSchema } from '~/lib/tenant-host'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { DomainError, parseInput } from '~/server/errors.server'
import { jsonResponse } from '~/server/http.server'
import { tenantPublicOrigin } from '~/server/public-origin.server'
import { resolveTenant } from '~/server/tenants.server'

const query = z.object({ host: hostSchema })

export const Route = createFileRoute('/api/tenant')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) => {
        const app = await getApp()
        const { host } = parseInput(query, Object.fromEntries(new URL(request.url).searchParams))
        const tenant = await resolveTenant(app.systemDb, host, app.config.APP_DOMAIN)
        if (!tenant) throw new DomainError(404, 'Für diesen Host gibt es keinen Shop.')
        return jsonResponse(
          {
            slug: tenant.slug,
            config: tenant.config,
            hasShop: tenant.hasShop,
            available: tenant.available,
            publicOrigin: tenantPublicOrigin(tenant, app.config),
          },
          {
            headers: {
              'Cache-Control': 'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
            },
          },
        )
      },
    }),
  },
})
