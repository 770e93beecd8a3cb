import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { type AccountType, accountTypeSchema } from '~/lib/auth-api'
import { tenantSlugFromHost } from '~/lib/tenant-host'
import { getApp } from '~/server/app.server'
import { authenticate, logout } from '~/server/auth.server'
import { apiHandlers, jsonResponse, requestHost } from '~/server/http.server'

const params = z.object({ accountType: accountTypeSchema })

export const Route = createFileRoute('/api/auth/$accountType/logout')({
  server: {
    handlers: apiHandlers(
      {
        DELETE: async ({ request, params: { accountType } }) => {
          const app = await getApp()
          const tenantSlug = tenantSlugFromHost(requestHost(request), app.config.APP_DOMAIN)
          const principal = await authenticate(app, request, accountType as AccountType, tenantSlug)
          await logout(app, principal)
          return jsonResponse({ status: 'success' })
        },
      },
      { params },
    ),
  },
})
