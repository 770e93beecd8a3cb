import { z } from 'zod'
import { scopeOfActor } from '../actor.server'
import type { App } from '../app.server'
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import { requestHost } from '../request-address.server'
import { resolveTenant } from '../tenants.server'
import { syncMolliePayment } from './mollie-payments.server'

/** Mollie calls once per status change and retries; far fewer than this per address and minute. */
export const mollieWebhookRule: RateLimitRule = {
  name: 'mollie-webhook',
  points: 300,
  windowSeconds: 60,
  sliding: false,
}

const webhookBodySchema = z.object({ id: z.string().trim().min(1).max(100) })

const answered = () => new Response(null, { status: 200 })

/**
 * Mollie's webhook: the id is looked up among the payments of the tenant whose host was called;
 * only then is the payment fetched (with that tenant's key) and synced. An unknown, malformed or
 * other tenant's id answers 200 and changes nothing, so Mollie stops retrying and nothing leaks.
 * Mollie failing answers 500 (logged with the request id): Mollie retries later.
 */
export async function handleMollieWebhook(
  app: App,
  request: Request,
  caller: { requestId: string; clientIp: string },
): Promise<Response> {
  await countAttempt(
    app.systemDb,
    mollieWebhookRule,
    caller.clientIp,
    'Zu viele Anfragen von dieser Adresse.',
    'Sie',
  )
  const body = webhookBodySchema.safeParse(
    Object.fromEntries(new URLSearchParams(await request.text())),
  )
  if (!body.success) return answered()
  const tenant = await resolveTenant(app.systemDb, requestHost(request), app.config.APP_DOMAIN)
  if (!tenant) return answered()
  try {
    const db = app.database.scoped(scopeOfActor(null, tenant))
    await syncMolliePayment({ ...app, db }, body.data.id, 'webhook', { tenantId: tenant.id })
  } catch (error) {
    app.logger.error(
      { err: error, requestId: caller.requestId, molliePaymentId: body.data.id },
      'mollie webhook failed',
    )
    return new Response(null, { status: 500 })
  }
  return answered()
}
