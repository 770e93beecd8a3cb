import { createFileRoute } from '@tanstack/react-router'
import { contactRequestSchema } from '~/lib/contact-api'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { submitContactMessage } from '~/server/contact.server'
import { jsonResponse, readJsonBody } from '~/server/http.server'
import { requestHost } from '~/server/request-address.server'
import { callerOf } from '~/server/request-context'
import { resolveTenant } from '~/server/tenants.server'

export const Route = createFileRoute('/api/contact')({
  server: {
    handlers: apiHandlers({
      POST: async ({ request, context }) => {
        const app = await getApp()
        const input = await readJsonBody(request, contactRequestSchema)
        const tenant = await resolveTenant(
          app.systemDb,
          requestHost(request),
          app.config.APP_DOMAIN,
        )
        await submitContactMessage(app.systemDb, input, tenant, callerOf(context))
        return jsonResponse({ status: 'success' }, { status: 201 })
      },
    }),
  },
})
