import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Landmark } from 'lucide-react'
import { useId, useState } from 'react'
import {
  type BankEntryOrder,
  type BankEntryStatus,
  type BankEntryView,
  bankEntryStatusLabels,
  maxStatementFileBytes,
  statementFileTooLargeMessage,
} from '~/lib/bank-statements'
import { formatDate, formatMoney } from '~/lib/format'
import { FilePicker } from '../files/FilePicker'
import { useFileUpload } from '../files/use-file-upload'
import { useAppForm } from '../forms/form-hook'
import { Button } from '../ui/buttons'
import { ConfirmedActionButton } from '../ui/ConfirmedActionButton'
import { FormDialog } from '../ui/FormDialog'
import { PageHeader } from '../ui/PageHeader'
import { PageLinks } from '../ui/PageLinks'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { confirmBankEntryFn, ignoreBankEntryFn } from './bank-statements.functions'
import {
  bankEntriesQuery,
  bankStatementsKey,
  openOrderSearchQuery,
} from './bank-statements.queries'

const route = getRouteApi('/_app/payments/bank-statements')

const statusTones: Record<BankEntryStatus, StatusTone> = {
  matched: 'success',
  ambiguous: 'warning',
  unknown: 'neutral',
  booked: 'info',
  ignored: 'neutral',
}

/**
 * Bank statements (ADR 071): upload a camt.053 file, then review its credits — confirm what the
 * matching proposes, pick among candidates, assign an unknown credit to an order found by search,
 * or set it aside. Confirming books the payment on the bank's booking day.
 */
export function BankStatementsPage() {
  return (
    <>
      <PageHeader
        title="Kontoauszüge"
        description="Lade den Kontoauszug deiner Bank (camt.053) hoch. Eingegangene Überweisungen werden den offenen Bestellungen und Rechnungen zugeordnet; du prüfst und bestätigst jede Zuordnung."
      />
      <div className="space-y-8">
        <UploadSection />
        <EntriesSection />
      </div>
    </>
  )
}

function UploadSection() {
  const id = useId()
  const queryClient = useQueryClient()
  const control = useFileUpload({
    path: '/api/payments/bank-statements',
    maxBytes: maxStatementFileBytes,
    tooLargeMessage: statementFileTooLargeMessage,
    onUploaded: async () => {
      await queryClient.invalidateQueries({ queryKey: bankStatementsKey })
      toast.success('Der Kontoauszug ist eingelesen. Bitte prüfe die Zuordnungen unten.')
    },
  })
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        Kontoauszug hochladen
      </h2>
      <div className="mt-4 flex flex-col items-start gap-3">
        <FilePicker
          id={id}
          accept=".xml,.zip,application/xml,text/xml,application/zip"
          control={control}
          processingText="Der Kontoauszug wird gelesen und zugeordnet …"
          hint="ISO 20022 camt.053 (Version 001.02 oder 001.08), wie ihn das Online-Banking exportiert: eine XML-Datei oder eine ZIP-Datei mit mehreren, höchstens 10 MB. Ein bereits eingelesener Auszug ändert nichts."
        />
      </div>
    </section>
  )
}

function EntriesSection() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(bankEntriesQuery(search))
  const views = [
    { view: 'open', label: 'Zu prüfen' },
    { view: 'done', label: 'Erledigt' },
  ] as const
  return (
    <section aria-labelledby="bank-entries-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="bank-entries-title" className="text-lg font-semibold text-ink">
          Buchungen ({data.total})
        </h2>
        <nav aria-label="Ansicht" className="flex gap-2">
          {views.map((item) => (
            <Link
              key={item.view}
              to="."
              search={{ view: item.view, page: 1 }}
              aria-current={search.view === item.view ? 'page' : undefined}
              className={`rounded-lg border px-3 py-1.5 text-sm font-medium ${search.view === item.view ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-border'}`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </div>
      {data.items.length === 0 ? (
        <p className="mt-4 rounded-card border border-border bg-surface p-6 text-ink-muted">
          {search.view === 'open'
            ? 'Keine Buchungen zu prüfen. Lade einen Kontoauszug hoch.'
            : 'Noch keine Buchung gebucht oder ignoriert.'}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {data.items.map((entry) => (
            <EntryCard key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <PageLinks
        page={data.page}
        total={data.total}
        pageSize={data.pageSize}
        label="Seiten der Buchungen"
      />
    </section>
  )
}

function orderLine(order: Pick<BankEntryOrder, 'number' | 'customerName' | 'openCents'>) {
  return `${order.number} – ${order.customerName || 'Kunde'} (offen ${formatMoney(order.openCents)})`
}

function EntryCard({ entry }: { entry: BankEntryView }) {
  const queryClient = useQueryClient()
  const [reviewing, setReviewing] = useState(false)
  const titleId = `entry-${entry.id}`
  const open =
    entry.status === 'matched' || entry.status === 'ambiguous' || entry.status === 'unknown'
  const proposed = entry.orders.filter((order) => order.kind === 'proposed')
  const candidates = entry.orders.filter((order) => order.kind === 'candidate')
  const booked = entry.orders.filter((order) => order.kind === 'booked')
  return (
    <li aria-labelledby={titleId} className="rounded-card border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={titleId} className="font-semibold text-ink">
            <Landmark className="mr-1 inline size-4 text-brand-500" aria-hidden="true" />
            {formatMoney(entry.amountCents)} am {formatDate(entry.bookedOn)}
            {entry.payerName ? ` von ${entry.payerName}` : ''}
          </p>
          <p className="mt-1 break-words text-sm text-ink-muted">
            Verwendungszweck: {entry.remittance || '–'}
          </p>
          {!entry.ownAccount && (
            <p className="mt-1 text-sm text-warning">
              Achtung: Der Auszug gehört zum Konto {entry.iban}, nicht zur IBAN deiner Organisation.
            </p>
          )}
        </div>
        <StatusBadge tone={statusTones[entry.status]}>
          {bankEntryStatusLabels[entry.status]}
        </StatusBadge>
      </div>
      {proposed.length > 0 && (
        <p className="mt-2 text-sm">
          Vorschlag:{' '}
          {proposed
            .map((order) => `${orderLine(order)}: ${formatMoney(order.amountCents)}`)
            .join('; ')}
        </p>
      )}
      {candidates.length > 0 && (
        <p className="mt-2 text-sm">
          Mögliche Bestellungen: {candidates.map(orderLine).join('; ')}
        </p>
      )}
      {booked.length > 0 && (
        <p className="mt-2 text-sm">
          Gebucht:{' '}
          {booked.map((order) => `${order.number} ${formatMoney(order.amountCents)}`).join('; ')}
        </p>
      )}
      {entry.surplusCents > 0 && (
        <p className="mt-2 text-sm font-medium text-warning">
          Überzahlung: {formatMoney(entry.surplusCents)} mehr als offen – bitte mit dem Kunden
          klären (Erstattung oder Verrechnung).
        </p>
      )}
      {open && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setReviewing(true)}>
            {entry.status === 'matched' ? 'Prüfen und buchen' : 'Zuordnen'}
          </Button>
          <ConfirmedActionButton
            action={{
              label: 'Ignorieren',
              ariaLabel: `Ignorieren: ${formatMoney(entry.amountCents)} am ${formatDate(entry.bookedOn)}`,
              title: 'Buchung ignorieren?',
              description:
                'Die Gutschrift wird keiner Bestellung zugeordnet (z. B. eine Erstattung eines Lieferanten). Sie bleibt in der Ansicht „Erledigt“ nachvollziehbar.',
              variant: 'danger',
              done: 'Die Buchung wird ignoriert.',
            }}
            onConfirm={async () => {
              await ignoreBankEntryFn({ data: { id: entry.id } })
              await queryClient.invalidateQueries({ queryKey: bankStatementsKey })
            }}
          />
        </div>
      )}
      {reviewing && <ReviewDialog entry={entry} onClose={() => setReviewing(false)} />}
    </li>
  )
}

/**
 * The pharmacy's decision about one credit: the proposal, one of the candidates, or an order
 * found by number or customer name. Native radio buttons: arrow keys move between the choices.
 */
function ReviewDialog({ entry, onClose }: { entry: BankEntryView; onClose: () => void }) {
  const queryClient = useQueryClient()
  const proposed = entry.orders.filter((order) => order.kind === 'proposed')
  const candidates = entry.orders.filter((order) => order.kind === 'candidate')
  const [query, setQuery] = useState('')
  const found = useQuery(openOrderSearchQuery(query))
  const proposal =
    proposed.length > 0
      ? [
          {
            value: proposed.map((order) => order.orderId).join(','),
            label: `Vorschlag: ${proposed.map((order) => order.number).join(' + ')}`,
            hint: proposed
              .map((order) => `${orderLine(order)} → ${formatMoney(order.amountCents)}`)
              .join('; '),
          },
        ]
      : []
  const options = [
    ...proposal,
    ...candidates.map((order) => ({ value: order.orderId, label: orderLine(order) })),
    ...(found.data ?? [])
      .filter((order) => !entry.orders.some((known) => known.orderId === order.orderId))
      .map((order) => ({ value: order.orderId, label: orderLine(order) })),
  ]
  const form = useAppForm({
    defaultValues: { choice: proposal[0]?.value ?? '' },
    onSubmit: async ({ value }) => {
      const decided = await confirmBankEntryFn({
        data: { id: entry.id, orderIds: value.choice.split(',').filter(Boolean) },
      })
      await queryClient.invalidateQueries({ queryKey: bankStatementsKey })
      toast.success(
        decided.alreadyDecided
          ? 'Diese Buchung war bereits gebucht; es wurde nichts geändert.'
          : decided.surplusCents > 0
            ? `Gebucht. Überzahlung von ${formatMoney(decided.surplusCents)} bitte klären.`
            : 'Gebucht. Gedeckte Bestellungen sind jetzt bezahlt.',
      )
      onClose()
    },
  })
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${formatMoney(entry.amountCents)} vom ${formatDate(entry.bookedOn)} zuordnen`}
      description={`Verwendungszweck: ${entry.remittance || '–'}. Gebucht wird mit dem Buchungstag der Bank; jede Bestellung erhält, was sie noch schuldet, die letzte auch einen Rest.`}
      form={form}
      submitLabel="Buchen"
    >
      <label className="block text-sm font-medium text-ink" htmlFor={`search-${entry.id}`}>
        Andere offene Bestellung suchen (Nummer oder Kundenname)
      </label>
      <input
        id={`search-${entry.id}`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="w-full rounded-lg border border-border px-3 py-2 text-sm"
        autoComplete="off"
      />
      {query.trim().length >= 2 && found.data?.length === 0 && (
        <p className="text-sm text-ink-muted">Keine offene Bestellung gefunden.</p>
      )}
      <form.AppField
        name="choice"
        validators={{
          onSubmit: ({ value }) => (value ? undefined : 'Bitte wähle eine Bestellung.'),
        }}
      >
        {(field) =>
          options.length > 0 ? (
            <field.RadioGroupField label="Bestellung" options={options} />
          ) : (
            <p className="text-sm text-ink-muted">
              Noch kein Vorschlag: Suche die Bestellung oben.
            </p>
          )
        }
      </form.AppField>
    </FormDialog>
  )
}
