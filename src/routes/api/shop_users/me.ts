import { createFileRoute } from '@tanstack/react-router'
import { tenantSlugFromHost } from '~/lib/tenant-host'
import { getApp } from '~/server/app.server'
import { authenticate, getShopUser, messages } from '~/server/auth.server'
import { ApiError, apiHandlers, jsonResponse, requestHost } from '~/server/http.server'

export const Route = createFileRoute('/api/shop_users/me')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) => {
        const app = await getApp()
        const tenantSlug = tenantSlugFromHost(requestHost(request), app.config.APP_DOMAIN)
        const principal = await authenticate(app, request, 'b2c', tenantSlug)
        const user = await getShopUser(app.db, principal.subjectId)
        if (!user?.active) throw new ApiError(401, messages.sessionExpired)
        const { active: _active, ...data } = user
        return jsonResponse({ data })
      },
    }),
  },
})
