import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { type AccountType, accountTypeSchema } from '~/lib/auth-api'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { authenticate, logout } from '~/server/auth.server'
import { jsonResponse } from '~/server/http.server'
import { tenantOfRequest } from '~/server/tenants.server'

const params = z.object({ accountType: accountTypeSchema })

export const Route = createFileRoute('/api/auth/$accountType/logout')({
  server: {
    handlers: apiHandlers(
      {
        DELETE: async ({ request, params: { accountType }, context }) => {
          const app = await getApp()
          const tenantSlug = (await tenantOfRequest(app, request))?.slug ?? null
          const principal = await authenticate(app, request, accountType as AccountType, tenantSlug)
          await logout(app, principal, context.requestId)
          return jsonResponse({ status: 'success' })
        },
      },
      { params },
    ),
  },
})
