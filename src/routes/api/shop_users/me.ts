import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { authenticate, getActiveShopUser, messages } from '~/server/auth.server'
import { DomainError } from '~/server/errors.server'
import { jsonResponse } from '~/server/http.server'
import { tenantOfRequest } from '~/server/tenants.server'

export const Route = createFileRoute('/api/shop_users/me')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) => {
        const app = await getApp()
        const tenantSlug = (await tenantOfRequest(app, request))?.slug ?? null
        const principal = await authenticate(app, request, 'b2c', tenantSlug)
        const data = await getActiveShopUser(app.systemDb, principal.subjectId)
        if (!data) throw new DomainError(401, messages.sessionExpired)
        return jsonResponse({ data })
      },
    }),
  },
})
