import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Inbox } from 'lucide-react'
import { useState } from 'react'
import {
  type ContactMessageRow,
  contactMessageSortKeys,
  contactMessageStatuses,
} from '~/lib/admin-support'
import { failureOf } from '~/lib/failure'
import { formatDateTime } from '~/lib/format'
import { Button } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { FactGrid } from '../ui/FactList'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { AdminConsole, useListPending } from './AdminConsole'
import { DetailDialog, DetailState, useCloseDetail } from './SupportDetailDialog'
import { setContactMessageHandledFn } from './support.functions'
import { contactMessageQuery, contactMessagesKey, contactMessagesQuery } from './support.queries'
import { contactStatusLabels, noTenantLabels } from './support-labels'
import { TenantFilter } from './TenantFilter'

const route = getRouteApi('/_app/admin/contact-messages')

function MessageStatus({ handled }: { handled: boolean }) {
  const { label, tone } = contactStatusLabels[handled ? 'handled' : 'open']
  return <StatusBadge tone={tone}>{label}</StatusBadge>
}

const column = dataColumns<ContactMessageRow>()
const columns = column.columns([
  column.accessor('createdAt', {
    header: 'Eingang',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('subject', {
    header: 'Betreff',
    cell: (info) => (
      <>
        <RowLink
          from="/admin/contact-messages"
          to="."
          search={(previous) => ({ ...previous, message: info.row.original.id })}
          resetScroll={false}
        >
          {info.getValue()}
        </RowLink>
        <span className="mt-1 line-clamp-2 max-w-md text-ink-muted">
          {info.row.original.preview}
        </span>
      </>
    ),
  }),
  column.accessor('name', {
    header: 'Absender',
    cell: (info) => (
      <>
        <strong className="block">{info.getValue()}</strong>
        <span className="text-ink-muted">{info.row.original.email}</span>
      </>
    ),
  }),
  column.accessor((row) => row.tenant?.name ?? noTenantLabels.contact, {
    id: 'tenant',
    header: 'Gesendet über',
  }),
  column.accessor('handledAt', {
    header: 'Status',
    cell: (info) => <MessageStatus handled={info.getValue() !== null} />,
  }),
  column.display({
    id: 'actions',
    header: 'Aktion',
    cell: (info) => <HandledAction message={info.row.original} />,
  }),
])

/**
 * "Als erledigt markieren" / "Wieder öffnen": a harmless change that can be undone, so it asks
 * nothing first; the list (and an open detail) follow at once.
 */
function HandledAction({ message }: { message: ContactMessageRow }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const handled = message.handledAt !== null
  const label = handled ? 'Wieder öffnen' : 'Als erledigt markieren'
  async function change() {
    if (busy) return
    setBusy(true)
    try {
      await setContactMessageHandledFn({ data: { id: message.id, handled: !handled } })
      await queryClient.invalidateQueries({ queryKey: contactMessagesKey })
      toast.success(
        handled
          ? `Die Anfrage „${message.subject}“ ist wieder offen.`
          : `Die Anfrage „${message.subject}“ ist erledigt.`,
      )
    } catch (error) {
      // Someone else was quicker: show what is true now.
      await queryClient.invalidateQueries({ queryKey: contactMessagesKey })
      toast.error(failureOf(error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    // Not disabled while busy (a disabled button loses the keyboard focus): a second press waits.
    <Button
      variant="secondary"
      aria-busy={busy || undefined}
      aria-label={`${label}: ${message.subject}`}
      onClick={() => void change()}
    >
      {label}
    </Button>
  )
}

/** The open message in full; the sender's IP address is never part of it. */
function MessageDetail({ id }: { id: string }) {
  const close = useCloseDetail('message')
  const { data: message, error } = useQuery(contactMessageQuery(id))
  if (!message) {
    return (
      <DetailDialog
        title="Kontaktanfrage"
        description="Eine Nachricht aus dem Kontaktformular."
        onClose={close}
      >
        <DetailState error={error} />
      </DetailDialog>
    )
  }
  return (
    <DetailDialog
      title={message.subject}
      description={`Von ${message.name} über ${message.tenant?.name ?? 'die Hauptseite'}`}
      onClose={close}
      actions={<HandledAction message={message} />}
    >
      <FactGrid
        facts={[
          ['Status', <MessageStatus key="status" handled={message.handledAt !== null} />],
          ['Eingang', formatDateTime(message.createdAt)],
          ['Name', message.name],
          [
            'E-Mail-Adresse',
            <a
              key="email"
              href={`mailto:${message.email}`}
              className="text-brand-900 underline hover:no-underline"
            >
              {message.email}
            </a>,
          ],
          ['Gesendet über', message.tenant?.name ?? noTenantLabels.contact],
          [
            'Erledigt',
            message.handledAt &&
              `${formatDateTime(message.handledAt)}${message.handledBy ? ` von ${message.handledBy.name}` : ''}`,
          ],
        ]}
      />
      <section aria-labelledby="contact-message-text">
        <h3 id="contact-message-text" className="text-sm font-medium text-ink">
          Nachricht
        </h3>
        <p className="mt-2 rounded-lg border border-border bg-surface-muted p-3 whitespace-pre-wrap break-words text-ink">
          {message.message}
        </p>
      </section>
    </DetailDialog>
  )
}

const statusOptions = contactMessageStatuses.map((value) => ({
  value,
  label: contactStatusLabels[value].label,
}))

export function ContactMessagesPage() {
  const { message, ...search } = route.useSearch()
  const { data } = useSuspenseQuery(contactMessagesQuery(search))
  return (
    <AdminConsole>
      <DataTable
        label="Kontaktanfragen"
        columns={columns}
        search={search}
        result={data}
        sortable={contactMessageSortKeys}
        pending={useListPending()}
        searchLabel="Name, E-Mail, Betreff oder Nachricht suchen"
        filters={
          <>
            <SelectFilter
              param="status"
              label="Status"
              value={search.status}
              options={statusOptions}
            />
            <TenantFilter value={search.tenant} noTenant={noTenantLabels.contact} />
          </>
        }
        empty={
          <EmptyState icon={Inbox} title="Noch keine Kontaktanfragen">
            Hier erscheinen die Nachrichten aus dem Kontaktformular der Hauptseite und der Shops.
          </EmptyState>
        }
      />
      {message && <MessageDetail id={message} />}
    </AdminConsole>
  )
}
