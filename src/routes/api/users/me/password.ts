import { createFileRoute } from '@tanstack/react-router'
import { changePasswordRequestSchema } from '~/lib/account-api'
import { changeBusinessUserPassword } from '~/server/account.server'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { authenticate } from '~/server/auth.server'
import { jsonResponse, readJsonBody } from '~/server/http.server'

export const Route = createFileRoute('/api/users/me/password')({
  server: {
    handlers: apiHandlers({
      PUT: async ({ request, context }) => {
        const app = await getApp()
        const principal = await authenticate(app, request, 'b2b', null)
        const input = await readJsonBody(request, changePasswordRequestSchema)
        await changeBusinessUserPassword(app.systemDb, principal, input, context.requestId)
        return jsonResponse({ status: 'success' })
      },
    }),
  },
})
