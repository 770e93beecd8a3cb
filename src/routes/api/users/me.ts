import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { authenticate, getActiveBusinessUser, messages } from '~/server/auth.server'
import { DomainError } from '~/server/errors.server'
import { jsonResponse } from '~/server/http.server'

export const Route = createFileRoute('/api/users/me')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) => {
        const app = await getApp()
        const principal = await authenticate(app, request, 'b2b', null)
        const data = await getActiveBusinessUser(app.systemDb, principal.subjectId)
        if (!data) throw new DomainError(401, messages.sessionExpired)
        return jsonResponse({ data })
      },
    }),
  },
})
