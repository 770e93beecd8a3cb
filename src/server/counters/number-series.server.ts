import { and, eq, isNull } from 'drizzle-orm'
import { numberPrefixSchema } from '../../lib/number-prefix-schema'
import {
  defaultNumberPrefixes,
  formatDocumentNumber,
  type NumberSeriesSettings,
  numberPrefixLockedMessage,
  numberPrefixTakenMessage,
  numberSeriesLabels,
  numberSeriesOf,
  type PrefixedNumberSeries,
  prefixedNumberSeries,
} from '../../lib/number-series'
import { organisationNotFoundMessage } from '../../lib/organisation-settings'
import { type Actor, requireRole } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import type { Database, Executor } from '../db/client.server'
import { organisations } from '../db/schema'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseInput,
} from '../errors.server'
import { findOrganisation } from '../organisations/organisation-lookup.server'
import { readAccess } from '../organisations/organisation-settings.server'
import { numberCounters, numberSeriesPrefixes } from './counters.schema'
import { berlinYear } from './counters.server'

/**
 * The prefixes of an organisation's number series (ADR 058): its users read them, the owner
 * chooses a series' prefix until the series' first number is taken (`takeDocumentNumber` locks
 * it in the same transaction).
 */

export const numberSeriesAudit = {
  entityType: 'organisation',
  prefixSet: 'organisation.number_prefix_set',
} as const

interface SeriesState {
  prefix: string
  lockedAt: Date | null
}

async function seriesStates(
  executor: Executor,
  organisationId: string,
): Promise<Record<PrefixedNumberSeries, SeriesState>> {
  const rows = await executor
    .select()
    .from(numberSeriesPrefixes)
    .where(eq(numberSeriesPrefixes.organisationId, organisationId))
  const stored = new Map(rows.map((row) => [row.series, row]))
  return Object.fromEntries(
    prefixedNumberSeries.map((series) => {
      const row = stored.get(series)
      return [
        series,
        { prefix: row?.prefix ?? defaultNumberPrefixes[series], lockedAt: row?.lockedAt ?? null },
      ]
    }),
  ) as Record<PrefixedNumberSeries, SeriesState>
}

async function settingsOf(
  executor: Executor,
  organisationId: string,
  editable: boolean,
  year: number,
): Promise<NumberSeriesSettings> {
  // A platform admin may ask for any organisation: an id that is none is not found.
  const organisation = await findOrganisation(executor, organisationId, {
    category: organisations.category,
  })
  if (!organisation) throw new NotFoundError(organisationNotFoundMessage)
  const states = await seriesStates(executor, organisationId)
  const counters = await executor
    .select({ series: numberCounters.series, lastValue: numberCounters.lastValue })
    .from(numberCounters)
    .where(and(eq(numberCounters.organisationId, organisationId), eq(numberCounters.year, year)))
  const lastValueOf = new Map(counters.map((row) => [row.series, row.lastValue]))
  return {
    editable,
    series: numberSeriesOf(organisation.category).map((series) => ({
      series,
      label: numberSeriesLabels[series],
      prefix: states[series].prefix,
      nextNumber: formatDocumentNumber(
        states[series].prefix,
        year,
        (lastValueOf.get(series) ?? 0) + 1,
      ),
      lockedAt: states[series].lockedAt?.toISOString() ?? null,
    })),
  }
}

export async function getNumberSeriesSettings(
  actor: Actor,
  organisationId: string,
  db: Database,
  now: Date = new Date(),
): Promise<NumberSeriesSettings> {
  const { editable } = readAccess(actor, organisationId)
  return settingsOf(db, organisationId, editable, berlinYear(now))
}

/**
 * The owner chooses a series' prefix before its first number. Refused once a number was taken
 * (documents already issued keep theirs) and when another series uses the prefix.
 */
export async function setNumberPrefix(
  actor: Actor,
  organisationId: string,
  input: unknown,
  db: Database,
  now: Date = new Date(),
): Promise<NumberSeriesSettings> {
  const owner = requireRole(actor, 'owner')
  if (owner.organisation.id !== organisationId) throw new ForbiddenError()
  const { series, prefix } = parseInput(numberPrefixSchema, input)
  const label = numberSeriesLabels[series]
  return db.transaction(async (tx) => {
    // One choice at a time per organisation, so two series never end up with the same prefix.
    // `no key update`: a number taken meanwhile (its foreign key check) must not wait for this.
    const organisation = await findOrganisation(
      tx,
      organisationId,
      { id: organisations.id },
      { lock: 'no key update' },
    )
    if (!organisation) throw new NotFoundError(organisationNotFoundMessage)
    const states = await seriesStates(tx, organisationId)
    const before = states[series]
    if (before.lockedAt) throw new ConflictError(numberPrefixLockedMessage(label, before.prefix))
    if (before.prefix === prefix) return settingsOf(tx, organisationId, true, berlinYear(now))
    const user = prefixedNumberSeries.find(
      (other) => other !== series && states[other].prefix === prefix,
    )
    if (user)
      throw new InvalidError({ prefix: numberPrefixTakenMessage(prefix, numberSeriesLabels[user]) })
    // A number taken meanwhile has locked the row: the update's condition sees that and skips it.
    const [saved] = await tx
      .insert(numberSeriesPrefixes)
      .values({ organisationId, series, prefix })
      .onConflictDoUpdate({
        target: [numberSeriesPrefixes.organisationId, numberSeriesPrefixes.series],
        set: { prefix },
        setWhere: isNull(numberSeriesPrefixes.lockedAt),
      })
      .returning({ prefix: numberSeriesPrefixes.prefix })
    if (!saved) throw new ConflictError(numberPrefixLockedMessage(label, before.prefix))
    await recordAudit(tx, {
      organisationId,
      actor: auditActorOf(actor),
      requestId: actor.requestId,
      action: numberSeriesAudit.prefixSet,
      entity: { type: numberSeriesAudit.entityType, id: organisationId },
      before: { series, prefix: before.prefix },
      after: { series, prefix },
    })
    return settingsOf(tx, organisationId, true, berlinYear(now))
  })
}
