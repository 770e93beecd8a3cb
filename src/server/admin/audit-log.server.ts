import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import {
  type AuditActorKind,
  type AuditActorView,
  type AuditEventDetail,
  type AuditFields,
  type AuditLogFilterOptions,
  type AuditLogFilters,
  type AuditLogPage,
  type AuditLogRow,
  auditActionLabel,
  auditActorLabel,
  auditEntityLabel,
  auditExportMaxRows,
  auditExportTooLargeMessage,
  auditFieldChanges,
  formatAuditTime,
  noOrganisation,
} from '../../lib/audit-log'
import type { AuditLogSearch } from '../../lib/audit-log-lists'
import { addCalendarDays, berlinIsoDate, isCalendarDay } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { type Actor, type BusinessActor, isPlatformAdmin, requireRole } from '../actor.server'
import { auditEvents } from '../audit/audit.schema'
import { csvByteOrderMark, csvOptions } from '../csv.server'
import { berlinDayStart } from '../db/berlin-time.server'
import type { Database } from '../db/client.server'
import { queryRows } from '../db/query-rows.server'
import { organisations, users } from '../db/schema'
import { DomainError, ForbiddenError, NotFoundError } from '../errors.server'

/**
 * The platform admin's audit log viewer (ADR 042): every audit event of the platform, filtered,
 * newest first, paged by keyset — a page costs the same at row 25 and at row 100,000, since it
 * never skips rows with OFFSET and never counts the whole selection.
 */

export const auditEventNotFoundMessage = 'Diesen Eintrag gibt es im Audit-Log nicht.'

/** Rows per query of the CSV export: memory stays flat however long the file gets. */
const exportBatchSize = 2_000

/** The audit log spans every organisation: platform admins only (not admins of any other kind). */
function requirePlatformAdmin(actor: Actor): BusinessActor {
  const admin = requireRole(actor, 'admin')
  if (!isPlatformAdmin(admin)) throw new ForbiddenError()
  return admin
}

// ─── Query parts ────────────────────────────────────────────────────────────────────────────

/** A row's exact time to the microsecond, in UTC: JavaScript dates would cut it to milliseconds. */
const exactTime = sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

// ─── What the search means ──────────────────────────────────────────────────────────────────

/** An action, an entity type or a job's name: `customer_order.confirmed`, `batch`, `outbox-sender`. */
const codePattern = /^[a-z][a-z0-9_.-]*$/
/** A row's place in the order: its exact time (µs, UTC) and id, as `cursorOf` writes it. */
const cursorPattern =
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/

/** A cursor as `cursorOf` writes it, of a time that exists (no 30 February, no 25 o'clock). */
function isCursor(value: string | undefined): value is string {
  if (value === undefined || !cursorPattern.test(value)) return false
  const seconds = value.slice(0, 19)
  const time = new Date(`${seconds}Z`)
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === seconds
}

/**
 * The filters and the cursor of a search, each only when it is what it claims to be: the
 * route's parser checks only the shape of the params (it is part of every page's first load),
 * so a link with a filter that is none shows the log as if it were not there, the way a list
 * ignores an unknown filter value (ADR 012).
 */
function checked(search: AuditLogSearch): {
  filters: AuditLogFilters
  cursor: { value: string; direction: 'older' | 'newer' } | null
} {
  const { organisation, actor, action, entity, entityId, from, to, older, newer } = search
  const code = (value: string | undefined) =>
    value !== undefined && codePattern.test(value) ? value : undefined
  const day = (value: string | undefined) =>
    value !== undefined && isCalendarDay(value) ? value : undefined
  const filters: AuditLogFilters = {
    organisation:
      organisation === noOrganisation || isUuid(organisation) ? organisation : undefined,
    actor: isUuid(actor) ? actor.toLowerCase() : code(actor),
    action: code(action),
    entity: code(entity),
    from: day(from),
    to: day(to),
  }
  if (filters.entity && entityId) filters.entityId = entityId
  const cursor = isCursor(older)
    ? { value: older, direction: 'older' as const }
    : isCursor(newer)
      ? { value: newer, direction: 'newer' as const }
      : null
  return { filters, cursor }
}

function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id] = cursor.split('_') as [string, string]
  return { at, id }
}

const cursorOf = (row: { exactTime: string; id: string }) => `${row.exactTime}_${row.id}`

/**
 * The `where` of the filters. Each one has an index that starts with its column and goes on with
 * `created_at` (migration of issue 13), so a filtered page reads only its own rows.
 */
function filterConditions(filters: AuditLogFilters): (SQL | undefined)[] {
  return [
    filters.organisation === noOrganisation
      ? isNull(auditEvents.organisationId)
      : filters.organisation
        ? eq(auditEvents.organisationId, filters.organisation)
        : undefined,
    filters.actor ? eq(auditEvents.actorId, filters.actor) : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    filters.entity ? eq(auditEvents.entityType, filters.entity) : undefined,
    filters.entity && filters.entityId ? eq(auditEvents.entityId, filters.entityId) : undefined,
    filters.from ? gte(auditEvents.createdAt, berlinDayStart(filters.from)) : undefined,
    filters.to
      ? lt(auditEvents.createdAt, berlinDayStart(addCalendarDays(filters.to, 1)))
      : undefined,
  ]
}

/**
 * Rows after the cursor in the order (created_at desc, id desc): older ones, or newer ones for
 * the way back. The row comparison keeps rows of the same microsecond apart by their id; the
 * plain bound on `created_at` beside it lets every `(…, created_at)` index narrow the scan.
 */
function beyondCursor(cursor: string, direction: 'older' | 'newer'): SQL {
  const { at, id } = parseCursor(cursor)
  const time = sql`${at}::timestamptz`
  return direction === 'older'
    ? sql`${lte(auditEvents.createdAt, time)} and (${auditEvents.createdAt}, ${auditEvents.id}) < (${time}, ${id}::uuid)`
    : sql`${gte(auditEvents.createdAt, time)} and (${auditEvents.createdAt}, ${auditEvents.id}) > (${time}, ${id}::uuid)`
}

const rowColumns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  exactTime,
  organisationId: auditEvents.organisationId,
  actorKind: auditEvents.actorKind,
  actorId: auditEvents.actorId,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  before: auditEvents.before,
  after: auditEvents.after,
  requestId: auditEvents.requestId,
}

type EventRow = {
  id: string
  createdAt: Date
  exactTime: string
  organisationId: string | null
  actorKind: AuditActorKind
  actorId: string | null
  action: string
  entityType: string
  entityId: string
  before: AuditFields | null
  after: AuditFields | null
  requestId: string | null
}

/** Up to `limit` rows beyond `cursor` (or from the newest), in the direction's order. */
async function eventRows(
  db: Database,
  filters: AuditLogFilters,
  limit: number,
  cursor: { value: string; direction: 'older' | 'newer' } | null,
): Promise<EventRow[]> {
  const newer = cursor?.direction === 'newer'
  const order = newer ? asc : desc
  return selectedRows(
    db
      .select(rowColumns)
      .from(auditEvents)
      .where(
        and(
          ...filterConditions(filters),
          cursor ? beyondCursor(cursor.value, cursor.direction) : undefined,
        ),
      )
      .orderBy(order(auditEvents.createdAt), order(auditEvents.id))
      .limit(limit),
  )
}

/** The log holds JSON that `recordAudit` wrote: plain values, lists and objects. */
const selectedRows = async (rows: Promise<unknown[]>) => (await rows) as EventRow[]

/**
 * Whether any row matches beyond `cursor`: one index probe, not a count. Ordered like a page, so
 * the probe starts at the cursor in an index: unordered, PostgreSQL may pick a sequential scan
 * for `limit 1`, which in a table written in time order reads every older row first.
 */
async function anyBeyond(
  db: Database,
  filters: AuditLogFilters,
  cursor: string,
  direction: 'older' | 'newer',
): Promise<boolean> {
  const order = direction === 'newer' ? asc : desc
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(...filterConditions(filters), beyondCursor(cursor, direction)))
    .orderBy(order(auditEvents.createdAt), order(auditEvents.id))
    .limit(1)
  return row !== undefined
}

type NamedIds = Pick<EventRow, 'organisationId' | 'actorKind' | 'actorId'>

/** The names behind a page's organisation, user and shop-user ids, in one round trip. */
async function namesOf(db: Database, rows: NamedIds[]) {
  const idsOf = (kind: AuditActorKind) =>
    [
      ...new Set(
        rows
          .filter((row) => row.actorKind === kind && isUuid(row.actorId))
          .map((row) => row.actorId),
      ),
    ] as string[]
  const organisationIds = [
    ...new Set(rows.map((row) => row.organisationId).filter((id) => id !== null)),
  ]
  const userIds = idsOf('business_user')
  const names = {
    organisation: new Map<string, string>(),
    business_user: new Map<string, string>(),
  }
  if (organisationIds.length + userIds.length === 0) return names
  const found = await db
    .select({
      kind: sql<keyof typeof names>`'organisation'`,
      id: sql<string>`${organisations.id}::text`,
      name: organisations.name,
    })
    .from(organisations)
    .where(inArray(organisations.id, organisationIds))
    .unionAll(
      db
        .select({
          kind: sql<keyof typeof names>`'business_user'`,
          id: sql<string>`${users.id}::text`,
          name: users.name,
        })
        .from(users)
        .where(inArray(users.id, userIds)),
    )
  for (const row of found) names[row.kind].set(row.id, row.name)
  return names
}

type Names = Awaited<ReturnType<typeof namesOf>>

function actorView(row: Pick<EventRow, 'actorKind' | 'actorId'>, names: Names): AuditActorView {
  // Shop customers stay unnamed here (auditActorLabel).
  const name =
    row.actorKind === 'business_user' ? (names.business_user.get(row.actorId ?? '') ?? null) : null
  return { kind: row.actorKind, id: row.actorId, name }
}

function rowView(row: EventRow, names: Names): AuditLogRow {
  const organisationName = row.organisationId && names.organisation.get(row.organisationId)
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    cursor: cursorOf(row),
    organisation:
      row.organisationId && organisationName
        ? { id: row.organisationId, name: organisationName }
        : null,
    actor: actorView(row, names),
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    changedFields: auditFieldChanges(row.before, row.after)
      .filter((field) => field.changed)
      .map((field) => field.field),
    created: row.before === null,
  }
}

// ─── Services ───────────────────────────────────────────────────────────────────────────────

/**
 * One page of the audit log, newest first: `pageSize` rows from the newest, or beyond the
 * search's `older`/`newer` cursor. One query for the page (a row more than shown says whether
 * the way on goes further), one index probe for the way back, one for the names.
 */
export async function listAuditEvents(
  actor: Actor,
  search: AuditLogSearch,
  db: Database,
): Promise<AuditLogPage> {
  requirePlatformAdmin(actor)
  const { filters, cursor } = checked(search)
  const { pageSize } = search
  const fetched = await eventRows(db, filters, pageSize + 1, cursor)
  const more = fetched.length > pageSize
  const page = fetched.slice(0, pageSize)
  if (cursor?.direction === 'newer') page.reverse()
  const first = page[0]
  const last = page.at(-1)

  let newer: string | null = null
  let older: string | null = null
  if (first && last) {
    if (cursor?.direction === 'newer') {
      newer = more ? cursorOf(first) : null
      older = (await anyBeyond(db, filters, cursorOf(last), 'older')) ? cursorOf(last) : null
    } else {
      older = more ? cursorOf(last) : null
      newer =
        cursor && (await anyBeyond(db, filters, cursorOf(first), 'newer')) ? cursorOf(first) : null
    }
  }
  const names = await namesOf(db, page)
  return { items: page.map((row) => rowView(row, names)), pageSize, newer, older }
}

/** One event with its before and after, field by field, for the diff view. */
export async function getAuditEvent(
  actor: Actor,
  id: string,
  db: Database,
): Promise<AuditEventDetail> {
  requirePlatformAdmin(actor)
  if (!isUuid(id)) throw new NotFoundError(auditEventNotFoundMessage)
  const [row] = await selectedRows(
    db.select(rowColumns).from(auditEvents).where(eq(auditEvents.id, id)),
  )
  if (!row) throw new NotFoundError(auditEventNotFoundMessage)
  const names = await namesOf(db, [row])
  return {
    ...rowView(row, names),
    requestId: row.requestId,
    before: row.before,
    after: row.after,
    fields: auditFieldChanges(row.before, row.after),
  }
}

/**
 * The distinct values of an indexed column without reading the table: a recursive query jumps
 * from one value to the next through the index (a "skip scan"), one probe per value.
 */
async function distinctValues(db: Database, column: 'action' | 'entity_type'): Promise<string[]> {
  const name = sql.identifier(column)
  const rows = await queryRows<{ value: string }>(
    db,
    sql`
    with recursive found(value) as (
      (select ${name} from audit_events order by ${name} limit 1)
      union all
      select (select ${name} from audit_events where ${name} > found.value order by ${name} limit 1)
      from found where found.value is not null
    )
    select value from found where value is not null`,
  )
  return rows.map((row) => row.value)
}

/**
 * What the filters offer: the organisations, the actions and entity types the log holds, the
 * chosen organisation's users, and the name of the actor filtered by.
 */
export async function listAuditLogFilterOptions(
  actor: Actor,
  search: Pick<AuditLogSearch, 'organisation' | 'actor'>,
  db: Database,
): Promise<AuditLogFilterOptions> {
  requirePlatformAdmin(actor)
  const organisationList = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .orderBy(asc(organisations.name))
  const actions = await distinctValues(db, 'action')
  const entityTypes = await distinctValues(db, 'entity_type')
  const actors =
    search.organisation && isUuid(search.organisation)
      ? await db
          .select({ id: users.id, name: users.name, active: users.active })
          .from(users)
          .where(eq(users.organisationId, search.organisation))
          .orderBy(asc(users.name))
      : []
  return {
    organisations: organisationList,
    actions,
    entityTypes,
    actors,
    currentActor: search.actor ? await actorById(db, search.actor.toLowerCase()) : null,
  }
}

/** The actor behind an id of the log's `actor_id`: a user, a shop customer, or a job's name. */
async function actorById(db: Database, id: string): Promise<AuditActorView> {
  const [row] = await db
    .select({ actorKind: auditEvents.actorKind, actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(eq(auditEvents.actorId, id))
    .limit(1)
  if (!row) {
    return { kind: isUuid(id) ? 'business_user' : 'system', id, name: null }
  }
  return actorView(row, await namesOf(db, [{ ...row, organisationId: null }]))
}

// ─── CSV export ─────────────────────────────────────────────────────────────────────────────

const actorKindLabels: Record<AuditActorKind, string> = {
  business_user: 'Benutzer',
  shop_user: 'Kundenkonto',
  system: 'System',
  visitor: 'Besucher',
}

const csvHeader = [
  'Zeitpunkt (Berlin)',
  'Zeitpunkt (UTC)',
  'Organisation',
  'Organisations-ID',
  'Akteur',
  'Akteur-Art',
  'Akteur-ID',
  'Aktion',
  'Aktionscode',
  'Datensatz',
  'Datensatz-Typ',
  'Datensatz-ID',
  'Vorher',
  'Nachher',
  'Request-ID',
  'Ereignis-ID',
]

function csvRow(row: EventRow, names: Names): string[] {
  const organisation = row.organisationId ? names.organisation.get(row.organisationId) : null
  const actor = actorView(row, names)
  const json = (value: AuditFields | null) => (value ? JSON.stringify(value) : '')
  return [
    formatAuditTime(row.createdAt),
    row.exactTime,
    organisation ?? '',
    row.organisationId ?? '',
    auditActorLabel(actor),
    actorKindLabels[row.actorKind],
    row.actorId ?? '',
    auditActionLabel(row.action),
    row.action,
    auditEntityLabel(row.entityType),
    row.entityType,
    row.entityId,
    json(row.before),
    json(row.after),
    row.requestId ?? '',
    row.id,
  ]
}

export interface AuditLogExport {
  fileName: string
  /** How many rows the file holds (at most `auditExportMaxRows`). */
  rows: number
  /** The file in pieces (UTF-8 text with BOM), read from the database batch by batch. */
  chunks: AsyncIterable<string>
}

/**
 * The filtered log as CSV, newest first. Refused (400) when more than `auditExportMaxRows` rows
 * match: that is counted first, with a bound, so the refusal comes before the first byte. The
 * rows are then read by keyset in batches and handed out as they come.
 */
export async function exportAuditEvents(
  actor: Actor,
  search: AuditLogSearch,
  db: Database,
  now = new Date(),
): Promise<AuditLogExport> {
  requirePlatformAdmin(actor)
  const { filters } = checked(search)
  const [counted] = await db.select({ rows: sql<number>`count(*)::int` }).from(
    db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(...filterConditions(filters)))
      .limit(auditExportMaxRows + 1)
      .as('bounded'),
  )
  const rows = counted?.rows ?? 0
  if (rows > auditExportMaxRows) throw new DomainError(400, auditExportTooLargeMessage)

  async function* chunks() {
    yield `${csvByteOrderMark}${Papa.unparse([csvHeader], csvOptions)}\r\n`
    let cursor: string | null = null
    let written = 0
    while (written < rows) {
      const batch = await eventRows(
        db,
        filters,
        Math.min(exportBatchSize, rows - written),
        cursor === null ? null : { value: cursor, direction: 'older' },
      )
      if (batch.length === 0) break
      const names = await namesOf(db, batch)
      yield `${Papa.unparse(
        batch.map((row) => csvRow(row, names)),
        { ...csvOptions, header: false },
      )}\r\n`
      written += batch.length
      cursor = cursorOf(batch.at(-1) as EventRow)
    }
  }

  return { fileName: `audit-log-${berlinIsoDate(now)}.csv`, rows, chunks: chunks() }
}
