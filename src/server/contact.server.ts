import type { ContactRequest } from '../lib/contact-api'
import type { Database } from './db/client.server'
import { contactMessages } from './db/schema'
import {
  type RateLimitRule,
  recordAttempt,
  retryAfterSeconds,
  tooManyAttempts,
} from './rate-limit.server'
import type { Tenant } from './tenants.server'

export const contactFormMessages = {
  tooManyMessages: 'Du hast zu viele Nachrichten gesendet.',
} as const

export const contactLimits = {
  /** Messages from one client address, so the form cannot be used to flood the inbox. */
  client: { name: 'contact-client', points: 5, windowSeconds: 60 * 60, sliding: false },
} satisfies Record<string, RateLimitRule>

/** Stores a contact message; one sent on a shop's host belongs to that shop (tenant). */
export async function submitContactMessage(
  db: Database,
  input: ContactRequest,
  tenant: Tenant | null,
  client: { ip: string },
): Promise<void> {
  const rule = contactLimits.client
  const retryAfter = await retryAfterSeconds(db, rule, client.ip)
  if (retryAfter) throw tooManyAttempts(contactFormMessages.tooManyMessages, retryAfter)

  await db.insert(contactMessages).values({
    tenantId: tenant?.id ?? null,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    clientIp: client.ip,
  })
  await recordAttempt(db, rule, client.ip)
}
