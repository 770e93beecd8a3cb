import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router'
import { FileDown, ScrollText, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import {
  type AuditEventDetail,
  type AuditLogRow,
  auditActionLabel,
  auditActorLabel,
  auditEntityLabel,
  auditFieldLabel,
  auditLogFilterKeys,
  auditLogFilters,
  auditValueText,
  formatAuditTime,
  isAuditLogNarrowed,
  noOrganisation,
} from '~/lib/audit-log'
import type { AuditLogSearch } from '~/lib/audit-log-lists'
import { failureOf } from '~/lib/failure'
import { berlinIsoDate } from '~/lib/format'
import { Button } from '../ui/buttons'
import {
  DataGrid,
  dataColumns,
  filterControlClass,
  isSet,
  NoMatches,
  RowLink,
  SelectFilter,
} from '../ui/DataTable'
import { DayFilter } from '../ui/DayFilter'
import { EmptyState } from '../ui/EmptyState'
import { ListFilters } from '../ui/FilterDrawer'
import { KeysetPagination } from '../ui/KeysetPagination'
import { toast } from '../ui/toast'
import { AdminConsole, useListPending } from './AdminConsole'
import { auditEventQuery, auditEventsQuery, auditLogFilterOptionsQuery } from './audit-log.queries'

const route = getRouteApi('/_app/admin/audit')
const auditPath = '/admin/audit'

type AuditLogPatch = { [K in keyof AuditLogSearch]?: AuditLogSearch[K] }

/** A filter change starts at the newest page again, and closes the dialog. */
const restart = { older: undefined, newer: undefined, event: undefined } satisfies AuditLogPatch

/** Every filter removed. */
const noFilters = Object.fromEntries(
  auditLogFilterKeys.map((key) => [key, undefined]),
) as AuditLogPatch

/** A record's id is long; its start tells records apart in a list. */
const shortId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…` : id)

const column = dataColumns<AuditLogRow>()
const columns = column.columns([
  column.accessor('at', {
    header: 'Zeitpunkt',
    cell: (info) => (
      <RowLink
        from={auditPath}
        to="."
        search={(previous) => ({ ...previous, event: info.row.original.id })}
        resetScroll={false}
        className="whitespace-nowrap"
        data-audit-event={info.row.original.id}
      >
        <time dateTime={info.getValue()}>{formatAuditTime(info.getValue())}</time>
        <span className="sr-only">: Details zu {auditActionLabel(info.row.original.action)}</span>
      </RowLink>
    ),
  }),
  column.accessor((row) => row.organisation?.name ?? '', {
    id: 'organisation',
    header: 'Organisation',
    meta: { hideBelow: '2xl' },
    cell: (info) => info.getValue() || <span className="text-ink-muted">Plattform</span>,
  }),
  column.accessor((row) => auditActorLabel(row.actor), {
    id: 'actor',
    header: 'Akteur',
    cell: (info) => {
      const { actor } = info.row.original
      if (!actor.id) return info.getValue()
      return (
        <Link
          from={auditPath}
          to="."
          search={(previous) => ({
            ...previous,
            ...restart,
            actor: actor.id ?? undefined,
          })}
          resetScroll={false}
          className="text-brand-900 hover:underline"
          title="Nur Einträge dieses Akteurs zeigen"
        >
          {info.getValue()}
          <span className="sr-only"> (nur Einträge dieses Akteurs zeigen)</span>
        </Link>
      )
    },
  }),
  column.accessor('action', {
    header: 'Aktion',
    cell: (info) => (
      // One block, so a phone's card keeps the code under the label.
      <div>
        <span className="block">{auditActionLabel(info.getValue())}</span>
        <code className="text-xs text-ink-muted">{info.getValue()}</code>
      </div>
    ),
  }),
  column.accessor('entityId', {
    header: 'Datensatz',
    cell: (info) => {
      const { entityType, entityId } = info.row.original
      return (
        <Link
          from={auditPath}
          to="."
          search={(previous) => ({
            ...previous,
            ...restart,
            entity: entityType,
            entityId,
          })}
          resetScroll={false}
          className="text-brand-900 hover:underline"
          title="Alle Einträge dieses Datensatzes zeigen"
        >
          {auditEntityLabel(entityType)}{' '}
          <code className="text-xs text-ink-muted">{shortId(entityId)}</code>
          <span className="sr-only"> (alle Einträge dieses Datensatzes zeigen)</span>
        </Link>
      )
    },
  }),
  column.accessor('changedFields', {
    header: 'Änderung',
    cell: (info) => {
      const { created } = info.row.original
      const fields = info.getValue()
      if (fields.length === 0) return <span className="text-ink-muted">–</span>
      if (created) return <span className="text-ink-muted">neu, {fields.length} Felder</span>
      const shown = fields.slice(0, 3).map(auditFieldLabel).join(', ')
      return fields.length > 3 ? `${shown} und ${fields.length - 3} weitere` : shown
    },
  }),
])

export function AuditLogPage() {
  const search = route.useSearch()
  const navigate = useNavigate()
  const { data } = useSuspenseQuery(auditEventsQuery(search))
  const pending = useListPending()
  const narrowed = isAuditLogNarrowed(search)
  const atNewest = !search.older && !search.newer
  const update = (patch: AuditLogPatch) =>
    navigate({
      from: auditPath,
      to: '.',
      search: (previous) => ({ ...previous, ...patch }),
      resetScroll: false,
    })

  let content: React.ReactNode
  if (data.items.length > 0) {
    content = <DataGrid label="Audit-Log" columns={columns} rows={data.items} pending={pending} />
  } else if (!atNewest) {
    content = (
      <EmptyState
        icon={ScrollText}
        title="Keine weiteren Einträge"
        action={
          <Button variant="secondary" onClick={() => update(restart)}>
            Zu den neuesten Einträgen
          </Button>
        }
      >
        In dieser Richtung folgen keine Einträge mehr.
      </EmptyState>
    )
  } else if (narrowed) {
    content = <NoMatches onReset={() => update({ ...restart, ...noFilters })} />
  } else {
    content = (
      <EmptyState icon={ScrollText} title="Noch keine Einträge">
        Jede Änderung an Preisen, Beständen, Bestellungen, Rollen und Stammdaten landet hier.
      </EmptyState>
    )
  }

  return (
    <AdminConsole>
      <div className="space-y-4">
        <p className="max-w-3xl text-sm text-ink-muted">
          Wer hat wann was geändert, über alle Organisationen. Personenbezogene Werte stehen nie im
          Log, nur dass sie geändert wurden. Ein Klick auf eine Zeile zeigt vorher und nachher.
        </p>
        <AuditLogFilters search={search} onChange={update} />
        {content}
        <KeysetPagination
          newer={data.newer}
          older={data.older}
          atNewest={atNewest}
          shown={data.items.length}
          pageSize={data.pageSize}
          onNavigate={update}
        />
      </div>
      <AuditEventDialog id={search.event ?? null} onClose={() => update({ event: undefined })} />
    </AdminConsole>
  )
}

// ─── Filters ────────────────────────────────────────────────────────────────────────────────

function AuditLogFilters({
  search,
  onChange,
}: {
  search: AuditLogSearch
  onChange: (patch: AuditLogPatch) => void
}) {
  const { data: options } = useSuspenseQuery(auditLogFilterOptionsQuery(search))
  const organisationOptions = [
    { value: noOrganisation, label: 'Ohne Organisation (Plattform)' },
    ...options.organisations.map((organisation) => ({
      value: organisation.id,
      label: organisation.name,
    })),
  ]
  const actorOptions = options.actors.map((user) => ({
    value: user.id,
    label: user.active ? user.name : `${user.name} (deaktiviert)`,
  }))
  const { currentActor } = options
  if (currentActor?.id && !actorOptions.some((option) => option.value === currentActor.id)) {
    actorOptions.unshift({ value: currentActor.id, label: auditActorLabel(currentActor) })
  }
  const byLabel = (a: { label: string }, b: { label: string }) =>
    a.label.localeCompare(b.label, 'de')
  const actionOptions = options.actions
    .map((action) => ({ value: action, label: auditActionLabel(action) }))
    .sort(byLabel)
  const entityOptions = options.entityTypes
    .map((type) => ({ value: type, label: auditEntityLabel(type) }))
    .sort(byLabel)
  const narrowed = isAuditLogNarrowed(search)

  return (
    <search aria-label="Filter des Audit-Logs" className="flex flex-wrap items-end gap-3">
      <ListFilters active={auditLogFilterKeys.filter((key) => isSet(search[key])).length}>
        <SelectFilter
          param="organisation"
          label="Organisation"
          value={search.organisation}
          options={organisationOptions}
          restart={{ ...restart, actor: undefined }}
        />
        {actorOptions.length > 0 && (
          <SelectFilter
            param="actor"
            label="Akteur"
            value={search.actor}
            options={actorOptions}
            restart={restart}
          />
        )}
        <SelectFilter
          param="action"
          label="Aktion"
          value={search.action}
          options={actionOptions}
          restart={restart}
        />
        <SelectFilter
          param="entity"
          label="Datensatz-Typ"
          value={search.entity}
          options={entityOptions}
          restart={{ ...restart, entityId: undefined }}
        />
        {search.entity && <EntityIdFilter value={search.entityId} onChange={onChange} />}
        <DayFilter
          label="Von"
          value={search.from}
          max={search.to}
          onChange={(from) => onChange({ ...restart, from })}
        />
        <DayFilter
          label="Bis"
          value={search.to}
          min={search.from}
          onChange={(to) => onChange({ ...restart, to })}
        />
        {narrowed && (
          <Button variant="ghost" onClick={() => onChange({ ...restart, ...noFilters })}>
            <X className="size-4" aria-hidden="true" />
            Filter zurücksetzen
          </Button>
        )}
      </ListFilters>
      <div className="ml-auto">
        <ExportButton search={search} />
      </div>
    </search>
  )
}

/** One record of the chosen type, by its id (as the row's "Datensatz" link sets it). */
function EntityIdFilter({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (patch: AuditLogPatch) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState(value ?? '')
  useEffect(() => setDraft(value ?? ''), [value])
  function apply(event: FormEvent) {
    event.preventDefault()
    onChange({ ...restart, entityId: draft.trim() || undefined })
  }
  return (
    <form onSubmit={apply} className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          Datensatz-ID
        </label>
        <input
          id={id}
          value={draft}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          className={`${filterControlClass} w-72 font-mono text-sm`}
        />
      </div>
      <Button type="submit" variant="secondary">
        Anwenden
      </Button>
    </form>
  )
}

/**
 * The filtered log as CSV (up to 50,000 rows). The file is private, so it is fetched with the
 * session's token and handed to the browser as a local copy; a refusal (too many rows) is shown.
 */
function ExportButton({ search }: { search: AuditLogSearch }) {
  const { api } = useRouter().options.context
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      const params = new URLSearchParams(
        Object.entries(auditLogFilters(search)).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
      const response = await api.fetch(`/api/admin/audit-log.csv?${params}`)
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null
        throw new Error(body?.message ?? `status ${response.status}`)
      }
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = `audit-log-${berlinIsoDate()}.csv`
      document.body.append(link)
      link.click()
      link.remove()
      // The copy stays long enough for the download to read it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch (error) {
      const { message } = failureOf(error)
      toast.error(
        error instanceof Error && !error.message.startsWith('status ')
          ? error.message
          : message || 'Der Export konnte nicht geladen werden.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button variant="secondary" pending={busy} onClick={() => void download()}>
      {!busy && <FileDown className="size-4" aria-hidden="true" />}
      CSV exportieren
    </Button>
  )
}

// ─── The diff ───────────────────────────────────────────────────────────────────────────────

/**
 * The diff of the event the URL names (`?event=`), so a change can be linked. Opened by a row's
 * link rather than a dialog trigger: closing it gives the focus back to that link.
 */
function AuditEventDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const shown = useRef(id)
  if (id) shown.current = id
  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            document.querySelector<HTMLElement>(`[data-audit-event="${shown.current}"]`)?.focus()
          }}
          className="fixed top-1/2 left-1/2 z-40 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-6 shadow-xl focus:outline-none"
        >
          {id && <AuditEventContent id={id} />}
          <Dialog.Close
            className="absolute top-4 right-4 rounded-lg p-1 text-ink-muted hover:bg-surface-muted"
            aria-label="Schließen"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function AuditEventContent({ id }: { id: string }) {
  const { data, error, isPending } = useQuery(auditEventQuery(id))
  if (isPending || error) {
    return (
      <>
        <Dialog.Title className="pr-8 text-lg font-semibold text-ink">
          Eintrag im Audit-Log
        </Dialog.Title>
        <Dialog.Description className="mt-2 text-ink-muted" role={error ? 'alert' : 'status'}>
          {error ? failureOf(error).message : 'Der Eintrag wird geladen …'}
        </Dialog.Description>
      </>
    )
  }
  return <AuditEventView event={data} />
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  )
}

function AuditEventView({ event }: { event: AuditEventDetail }) {
  const changed = event.fields.filter((field) => field.changed).length
  return (
    <>
      <Dialog.Title className="pr-8 text-lg font-semibold text-ink">
        {auditActionLabel(event.action)}
      </Dialog.Title>
      <Dialog.Description className="mt-1 text-ink-muted">
        {event.fields.length === 0
          ? 'Dieser Eintrag hält keine Felder fest.'
          : event.created
            ? `Neu angelegt mit ${event.fields.length} Feldern.`
            : changed === 1
              ? '1 Feld geändert, hervorgehoben.'
              : `${changed} Felder geändert, hervorgehoben.`}
      </Dialog.Description>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <Fact term="Zeitpunkt">
          <time dateTime={event.at}>{formatAuditTime(event.at)}</time>
        </Fact>
        <Fact term="Organisation">
          {event.organisation?.name ?? 'Plattform (ohne Organisation)'}
        </Fact>
        <Fact term="Akteur">{auditActorLabel(event.actor)}</Fact>
        <Fact term="Aktion">
          <code>{event.action}</code>
        </Fact>
        <Fact term="Datensatz">
          {auditEntityLabel(event.entityType)} <code className="break-all">{event.entityId}</code>
        </Fact>
        <Fact term="Request-ID">
          {event.requestId ? <code className="break-all">{event.requestId}</code> : '–'}
        </Fact>
      </dl>
      {event.fields.length > 0 && (
        <div className="mt-5 overflow-x-auto rounded-card border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Felder vorher und nachher</caption>
            <thead className="border-b border-border bg-surface-muted text-ink-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Feld
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Vorher
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Nachher
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {event.fields.map((field) => (
                <tr key={field.field} className={field.changed ? 'bg-warning-soft' : ''}>
                  <th scope="row" className="px-3 py-2 align-top font-medium text-ink">
                    {auditFieldLabel(field.field)}
                    {field.changed && (
                      <>
                        {' '}
                        <span className="ml-1 text-xs font-normal text-warning">geändert</span>
                      </>
                    )}
                  </th>
                  <td className="px-3 py-2 align-top break-words text-ink-muted">
                    {event.before === null
                      ? '–'
                      : auditValueText(field.field, field.before, event.entityType)}
                  </td>
                  <td className="px-3 py-2 align-top break-words text-ink">
                    {event.after === null
                      ? '–'
                      : auditValueText(field.field, field.after, event.entityType)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
