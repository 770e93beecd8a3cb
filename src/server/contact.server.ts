import type { ContactRequest } from '../lib/contact-api'
import { recordAudit } from './audit/audit.server'
import type { Database } from './db/client.server'
import { contactMessages } from './db/schema'
import { countAttempt, type RateLimitRule } from './rate-limit.server'
import type { Caller } from './request-context'
import type { Tenant } from './tenants.server'

export const contactFormMessages = {
  tooManyMessages: 'Sie haben zu viele Nachrichten gesendet.',
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
  client: Caller,
): Promise<void> {
  // Counted before the write, in one statement, so parallel messages cannot pass the limit.
  await countAttempt(
    db,
    contactLimits.client,
    client.ip,
    contactFormMessages.tooManyMessages,
    'Sie',
  )
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        tenantId: tenant?.id ?? null,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        clientIp: client.ip,
      })
      .returning({ id: contactMessages.id })
    await recordAudit(tx, {
      organisationId: tenant?.organisationId ?? null,
      actor: { kind: 'visitor' },
      requestId: client.requestId,
      action: 'contact.message_received',
      entity: { type: 'contact_message', id: (stored as { id: string }).id },
    })
  })
}
