import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { type OutboxMailRow, outboxMailStatuses, outboxSortKeys } from '~/lib/admin-support'
import { formatCount, formatDateTime } from '~/lib/format'
import { Button } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { FactGrid } from '../ui/FactList'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { AdminConsole, useListPending } from './AdminConsole'
import { DetailDialog, DetailState, useCloseDetail } from './SupportDetailDialog'
import { resendOutboxMailFn } from './support.functions'
import { outboxKey, outboxMailQuery, outboxMailsQuery } from './support.queries'
import { mailKindLabel, mailKindLabels, mailStatusLabels, noTenantLabels } from './support-labels'
import { TenantFilter } from './TenantFilter'

const route = getRouteApi('/_app/admin/outbox')

function MailStatus({ status }: { status: OutboxMailRow['status'] }) {
  const { label, tone } = mailStatusLabels[status]
  return <StatusBadge tone={tone}>{label}</StatusBadge>
}

const column = dataColumns<OutboxMailRow>()
const columns = column.columns([
  column.accessor('createdAt', {
    header: 'Erstellt',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('subject', {
    header: 'Betreff',
    cell: (info) => (
      <RowLink
        from="/admin/outbox"
        to="."
        search={(previous) => ({ ...previous, mail: info.row.original.id })}
        resetScroll={false}
      >
        {info.getValue()}
      </RowLink>
    ),
  }),
  column.accessor('toAddress', {
    header: 'Empfänger',
    // Addresses have no spaces to wrap at; a long one must not widen the table.
    cell: (info) => <span className="[overflow-wrap:anywhere]">{info.getValue()}</span>,
  }),
  column.accessor('kind', {
    header: 'Art',
    cell: (info) => mailKindLabel(info.getValue()),
    meta: { hideBelow: 'xl' },
  }),
  column.accessor((row) => row.tenant?.name ?? noTenantLabels.outbox, {
    id: 'tenant',
    header: 'Shop',
    meta: { hideBelow: '2xl' },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <>
        <MailStatus status={info.getValue()} />
        {info.row.original.attempts > 0 && (
          <span className="mt-1 block text-xs text-ink-muted">
            {formatCount(info.row.original.attempts)}{' '}
            {info.row.original.attempts === 1 ? 'Versuch' : 'Versuche'}
          </span>
        )}
      </>
    ),
  }),
  column.display({
    id: 'actions',
    header: 'Aktion',
    cell: (info) =>
      info.row.original.status === 'failed' ? <ResendAction mail={info.row.original} /> : '–',
  }),
])

/**
 * "Erneut senden" for a failed mail: after a confirmation it goes back into the queue; the
 * sender delivers it within seconds.
 */
function ResendAction({ mail }: { mail: OutboxMailRow }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Erneut senden: ${mail.subject} an ${mail.toAddress}`}
        onClick={() => setAsking(true)}
      >
        Erneut senden
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Mail erneut senden?"
        description={`Die Mail „${mail.subject}“ geht unverändert noch einmal an ${mail.toAddress}. Links darin können inzwischen abgelaufen sein.`}
        confirmLabel="Erneut senden"
        variant="primary"
        onConfirm={async () => {
          await resendOutboxMailFn({ data: { id: mail.id } })
          await queryClient.invalidateQueries({ queryKey: outboxKey })
          toast.success(`Die Mail an ${mail.toAddress} wird erneut gesendet.`)
        }}
      />
    </>
  )
}

/** The open mail: its facts, its text (link secrets masked by the server) and its error. */
function MailDetail({ id }: { id: string }) {
  const close = useCloseDetail('mail')
  const { data: mail, error } = useQuery({
    ...outboxMailQuery(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  })
  if (!mail) {
    return (
      <DetailDialog title="Mail" description="Eine Mail aus dem Postausgang." onClose={close}>
        <DetailState error={error} />
      </DetailDialog>
    )
  }
  return (
    <DetailDialog
      title={mail.subject}
      description={`${mailKindLabel(mail.kind)} an ${mail.toAddress}`}
      onClose={close}
      actions={mail.status === 'failed' && <ResendAction mail={mail} />}
    >
      <FactGrid
        facts={[
          ['Status', <MailStatus key="status" status={mail.status} />],
          ['Shop', mail.tenant?.name ?? noTenantLabels.outbox],
          [
            'Absender',
            mail.replyTo ? `${mail.fromName} (Antwort an ${mail.replyTo})` : mail.fromName,
          ],
          ['Erstellt', formatDateTime(mail.createdAt)],
          ['Versuche', formatCount(mail.attempts)],
          [
            mail.status === 'pending' ? 'Nächster Versuch' : 'Zugestellt',
            mail.status === 'pending'
              ? formatDateTime(mail.nextAttemptAt)
              : mail.deliveredAt && formatDateTime(mail.deliveredAt),
          ],
          ['Letzter Fehler', mail.lastError],
        ]}
      />
      <section aria-labelledby="mail-text">
        <h3 id="mail-text" className="text-sm font-medium text-ink">
          Text der Mail
        </h3>
        <p className="text-sm text-ink-muted">
          Links erscheinen ohne ihren geheimen Teil; die Empfängerin bekommt sie vollständig.
        </p>
        <pre className="mt-2 rounded-lg border border-border bg-surface-muted p-3 font-sans text-sm whitespace-pre-wrap break-words text-ink">
          {mail.textBody}
        </pre>
      </section>
    </DetailDialog>
  )
}

const statusOptions = outboxMailStatuses.map((value) => ({
  value,
  label: mailStatusLabels[value].label,
}))
const kindOptions = Object.entries(mailKindLabels)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'de'))

export function OutboxPage() {
  const { mail, ...search } = route.useSearch()
  const { data } = useSuspenseQuery({
    ...outboxMailsQuery(search),
    // A queued mail leaves within seconds: the list follows it until nothing waits any more.
    refetchInterval: (query) =>
      query.state.data?.items.some((row) => row.status === 'pending') ? 3_000 : false,
  })
  return (
    <AdminConsole>
      <DataTable
        label="Postausgang"
        columns={columns}
        search={search}
        result={data}
        sortable={outboxSortKeys}
        pending={useListPending()}
        searchLabel="Empfänger oder Betreff suchen"
        filters={
          <>
            <SelectFilter
              param="status"
              label="Status"
              value={search.status}
              options={statusOptions}
            />
            <SelectFilter param="kind" label="Art" value={search.kind} options={kindOptions} />
            <TenantFilter value={search.tenant} noTenant={noTenantLabels.outbox} />
          </>
        }
        empty={
          <EmptyState icon={Mail} title="Noch keine Mails">
            Hier erscheint jede Mail, die die Plattform oder ein Shop verschickt.
          </EmptyState>
        }
      />
      {mail && <MailDetail id={mail} />}
    </AdminConsole>
  )
}
