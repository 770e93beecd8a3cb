import { createFileRoute } from '@tanstack/react-router'
import { getApp } from '~/server/app.server'
import { authenticate, getBusinessUser, messages } from '~/server/auth.server'
import { ApiError, apiHandlers, jsonResponse } from '~/server/http.server'

export const Route = createFileRoute('/api/users/me')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) => {
        const app = await getApp()
        const principal = await authenticate(app, request, 'b2b', null)
        const user = await getBusinessUser(app.db, principal.subjectId)
        if (!user?.active) throw new ApiError(401, messages.sessionExpired)
        const { active: _active, ...data } = user
        return jsonResponse({ data })
      },
    }),
  },
})
