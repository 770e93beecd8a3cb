import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { type AccountType, accountTypeSchema, refreshRequestSchema } from '~/lib/auth-api'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { refreshSession } from '~/server/auth.server'
import { jsonResponse, readJsonBody } from '~/server/http.server'
import { tenantOfRequest } from '~/server/tenants.server'

const params = z.object({ accountType: accountTypeSchema })

export const Route = createFileRoute('/api/auth/$accountType/token')({
  server: {
    handlers: apiHandlers(
      {
        POST: async ({ request, params: { accountType } }) => {
          const app = await getApp()
          const { token } = await readJsonBody(request, refreshRequestSchema)
          const tenantSlug = (await tenantOfRequest(app, request))?.slug ?? null
          const renewed = await refreshSession(app, token, accountType as AccountType, tenantSlug)
          return jsonResponse({ token: renewed.token, accessToken: renewed.accessToken })
        },
      },
      { params },
    ),
  },
})
