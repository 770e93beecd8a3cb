import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { handleMollieWebhook } from '~/server/payments/mollie-webhook.server'
import { clientIpOf } from '~/server/request-address.server'

/**
 * Mollie's webhook (`POST`, form body `id=tr_…`): Mollie says only "look at this payment". The
 * answer is 200 whatever the id, 500 when Mollie could not be asked (so it retries).
 */
export const Route = createFileRoute('/api/webhooks/mollie')({
  server: {
    handlers: apiHandlers(
      {
        POST: async ({ request, context }) =>
          handleMollieWebhook(await getApp(), request, {
            requestId: context.requestId,
            clientIp: clientIpOf(request),
          }),
      },
      { body: 'form' },
    ),
  },
})
