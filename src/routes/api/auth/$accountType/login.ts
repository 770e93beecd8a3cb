import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { accountTypeSchema, b2bLoginRequestSchema, b2cLoginRequestSchema } from '~/lib/auth-api'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { loginBusinessUser, loginShopUser } from '~/server/auth.server'
import { jsonResponse, readJsonBody } from '~/server/http.server'
import { callerOf } from '~/server/request-context'
import { tenantOfRequest } from '~/server/tenants.server'

const params = z.object({ accountType: accountTypeSchema })

export const Route = createFileRoute('/api/auth/$accountType/login')({
  server: {
    handlers: apiHandlers(
      {
        POST: async ({ request, params: { accountType }, context }) => {
          const app = await getApp()
          const client = callerOf(context)
          if (accountType === 'b2b') {
            const input = await readJsonBody(request, b2bLoginRequestSchema)
            return jsonResponse(await loginBusinessUser(app, input, client))
          }
          const input = await readJsonBody(request, b2cLoginRequestSchema)
          const tenant = await tenantOfRequest(app, request)
          return jsonResponse(await loginShopUser(app, input, tenant, client))
        },
      },
      { params },
    ),
  },
})
