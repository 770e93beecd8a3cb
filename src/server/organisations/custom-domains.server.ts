import { randomBytes } from 'node:crypto'
import { Resolver } from 'node:dns/promises'
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../audit/audit.server'
import type { Database } from '../db/client.server'
import { tenants } from '../db/schema'
import { violatesUnique } from '../errors.server'
import type { IntervalJob } from '../jobs/job-runner.server'

/**
 * A tenant's own domain serves its shop only after the owner proved control of it (ADR 049): a
 * TXT record `_blattwerk-verification.<domain>` that carries the tenant's token for that domain.
 * The server checks it on request ("Jetzt prüfen") and re-checks every verified or waiting domain
 * periodically; a record that is gone lets the domain lapse, and it serves nothing again.
 */

/** The part of Node's DNS resolver the check uses; tests hand in their own. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>
}

/** Node's resolver with short timeouts: the owner waits for "Jetzt prüfen". */
export const createTxtResolver = (): TxtResolver => new Resolver({ timeout: 3_000, tries: 2 })

export const verificationRecordName = (domain: string) => `_blattwerk-verification.${domain}`

/** A fresh token for a newly set domain: what its TXT record must carry. */
export const newDomainToken = () => `blattwerk-${randomBytes(18).toString('base64url')}`

/** How often a domain is asked again: a lapsed record is noticed within this time. */
export const domainRecheckMs = 6 * 3_600_000

export type DomainCheckOutcome = 'verified' | 'missing' | 'taken' | 'unreachable'

export const domainCheckMessages: Record<DomainCheckOutcome, string> = {
  verified: 'Die Domain ist bestätigt: Ihr Shop ist unter ihr erreichbar.',
  missing:
    'Der TXT-Eintrag wurde nicht gefunden. Prüfe Name und Wert; DNS-Änderungen können einige Stunden brauchen.',
  taken: 'Diese Domain ist bereits für einen anderen Shop bestätigt.',
  unreachable: 'Der DNS-Server hat nicht geantwortet. Bitte versuche es in einigen Minuten erneut.',
}

/** DNS answers that mean "there is no such record", as opposed to "the DNS could not answer". */
const absentCodes = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN'])

async function lookUpToken(
  resolver: TxtResolver,
  domain: string,
  token: string,
): Promise<'found' | 'missing' | 'unreachable'> {
  try {
    const records = await resolver.resolveTxt(verificationRecordName(domain))
    // A long TXT record arrives in chunks of 255 characters; together they are one value.
    return records.some((chunks) => chunks.join('').trim() === token) ? 'found' : 'missing'
  } catch (error) {
    const code = (error as { code?: string }).code
    return code && absentCodes.has(code) ? 'missing' : 'unreachable'
  }
}

interface DomainRow {
  id: string
  organisationId: string
  customDomain: string
  customDomainToken: string
  customDomainVerifiedAt: Date | null
}

/**
 * Asks the DNS for the row's record and stores the answer: found verifies (keeping the first
 * verification's time), missing un-verifies, no answer changes nothing. The write names the domain
 * and token it checked, so a domain changed meanwhile is left alone. No lock is held while the
 * DNS answers.
 */
export async function checkDomainRow(
  db: Database,
  resolver: TxtResolver,
  row: DomainRow,
  audit: { actor: AuditActor; requestId: string | null },
): Promise<DomainCheckOutcome> {
  const answer = await lookUpToken(resolver, row.customDomain, row.customDomainToken)
  if (answer === 'unreachable') return 'unreachable'
  const now = new Date()
  const verifiedAt = answer === 'found' ? (row.customDomainVerifiedAt ?? now) : null
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(tenants)
        .set({ customDomainVerifiedAt: verifiedAt, customDomainCheckedAt: now })
        .where(
          and(
            eq(tenants.id, row.id),
            eq(tenants.customDomain, row.customDomain),
            eq(tenants.customDomainToken, row.customDomainToken),
          ),
        )
        .returning({ id: tenants.id })
      const changed = Boolean(row.customDomainVerifiedAt) !== Boolean(verifiedAt)
      if (updated && changed) {
        await recordAudit(tx, {
          organisationId: row.organisationId,
          actor: audit.actor,
          requestId: audit.requestId,
          action: verifiedAt ? 'tenant.domain_verified' : 'tenant.domain_lapsed',
          entity: { type: 'tenant', id: row.id },
          before: { customDomain: row.customDomain, verified: Boolean(row.customDomainVerifiedAt) },
          after: { customDomain: row.customDomain, verified: Boolean(verifiedAt) },
        })
      }
      return answer === 'found' ? 'verified' : 'missing'
    })
  } catch (error) {
    if (violatesUnique(error, 'tenants_verified_domain_unique')) return 'taken'
    throw error
  }
}

const domainColumns = {
  id: tenants.id,
  organisationId: tenants.organisationId,
  customDomain: tenants.customDomain,
  customDomainToken: tenants.customDomainToken,
  customDomainVerifiedAt: tenants.customDomainVerifiedAt,
}

/** Checks every domain due: never checked, or not within `domainRecheckMs`. Answers how many changed. */
export async function recheckDueDomains(
  db: Database,
  resolver: TxtResolver,
  options: { limit?: number; now?: Date } = {},
): Promise<number> {
  const dueBefore = new Date((options.now ?? new Date()).getTime() - domainRecheckMs)
  const rows = await db
    .select(domainColumns)
    .from(tenants)
    .where(
      and(
        isNotNull(tenants.customDomain),
        or(isNull(tenants.customDomainCheckedAt), lt(tenants.customDomainCheckedAt, dueBefore)),
      ),
    )
    .orderBy(tenants.customDomainCheckedAt)
    .limit(options.limit ?? 50)
  let changed = 0
  for (const row of rows as DomainRow[]) {
    const before = Boolean(row.customDomainVerifiedAt)
    const outcome = await checkDomainRow(db, resolver, row, {
      actor: { kind: 'system', name: 'custom-domain-check' },
      requestId: null,
    })
    if ((outcome === 'verified') !== before && outcome !== 'unreachable') changed++
  }
  return changed
}

/** Re-checks the domains hourly, each about every six hours (several processes: idempotent). */
export const customDomainCheckJob = (db: Database, resolver: TxtResolver): IntervalJob => ({
  name: 'custom-domain-check',
  intervalMs: 3_600_000,
  run: () => recheckDueDomains(db, resolver),
})
