import { createFileRoute } from '@tanstack/react-router'
import { actorFromAccessToken } from '~/server/actor.server'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { bearerToken } from '~/server/auth.server'
import { openLiveStream } from '~/server/live/live-stream.server'
import { requestHost } from '~/server/request-address.server'

/**
 * The live board's server-sent events (ADR 046): read with fetch, since the access token goes in
 * the `Authorization` header, which EventSource cannot send. Business users of an organisation
 * with a board; a 401 makes the browser refresh its token and connect again.
 */
export const Route = createFileRoute('/api/live/events')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request, context }) => {
        const app = await getApp()
        const authenticate = () =>
          actorFromAccessToken(app, bearerToken(request), {
            host: requestHost(request),
            requestId: context.requestId,
          })
        const { actor, expiresAt } = await authenticate()
        const stream = await openLiveStream(actor, app.database, {
          expiresAt,
          reauthenticate: async () => (await authenticate()).actor,
        })
        return new Response(stream, {
          headers: {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-store, no-transform',
            // Proxies such as nginx would otherwise buffer the events.
            'x-accel-buffering': 'no',
          },
        })
      },
    }),
  },
})
