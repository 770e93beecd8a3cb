import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { ClipboardList, Plus } from 'lucide-react'
import {
  type FillingProtocolRow,
  fillingProtocolSortKeys,
  fillingProtocolStatuses,
  fillingProtocolStatusLabels,
  formatWeight,
} from '~/lib/filling-protocols'
import { formatDateTime } from '~/lib/format'
import { useListPending } from '../admin/AdminConsole'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { FillingStatusBadge } from './FillingStatusBadge'
import { fillingProtocolsQuery } from './filling-protocols.queries'

const route = getRouteApi('/_app/organisations/filling-protocol/')
const column = dataColumns<FillingProtocolRow>()

const columns = column.columns([
  column.accessor('number', {
    header: 'Nummer',
    cell: (info) => (
      <RowLink to="/organisations/filling-protocol/$id" params={{ id: info.row.original.id }}>
        <span className="font-mono whitespace-nowrap tabular-nums">{info.getValue()}</span>
      </RowLink>
    ),
  }),
  column.accessor('startedAt', {
    header: 'Begonnen',
    cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor('bulkProductName', {
    id: 'product',
    header: 'Ausgangscharge',
    cell: (info) => (
      <>
        {info.getValue()}
        <span className="block font-mono text-xs text-ink-muted">
          {info.row.original.bulkBatchNumber}
        </span>
      </>
    ),
  }),
  column.accessor('packProductName', {
    header: 'Abgefüllt in',
    cell: (info) => (
      <>
        {info.getValue()}
        <span className="block text-xs text-ink-muted">
          {info.row.original.unitCount} × {formatWeight(info.row.original.targetNetMg)}
        </span>
      </>
    ),
  }),
  column.accessor('filledByName', {
    header: 'Abgefüllt von',
    cell: (info) => info.getValue() ?? '–',
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <FillingStatusBadge status={info.getValue()} />,
  }),
])

const statusOptions = fillingProtocolStatuses.map((value) => ({
  value,
  label: fillingProtocolStatusLabels[value],
}))

const newFillingLink = (
  <ButtonLink to="/organisations/filling-protocol/neu">
    <Plus className="size-4" aria-hidden="true" />
    Neue Abfüllung
  </ButtonLink>
)

const headerActions = (
  <>
    <ButtonLink to="/organisations/filling-protocol/anweisungen" variant="secondary">
      Herstellungsanweisungen
    </ButtonLink>
    {newFillingLink}
  </>
)

/** `/organisations/filling-protocol`: the organisation's fillings, newest first. */
export function FillingProtocolsPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(fillingProtocolsQuery(search))
  return (
    <>
      <PageHeader
        title="Abfüllprotokolle"
        description="Jede Abfüllung aus dem Großgebinde mit Charge, Einzelgewichten und den beteiligten Personen. Erst die Prüfung durch eine zweite Person bucht die Einheiten in den Bestand."
        actions={headerActions}
      />
      <DataTable
        label="Abfüllprotokolle"
        columns={columns}
        search={search}
        result={data}
        sortable={fillingProtocolSortKeys}
        pending={useListPending()}
        searchLabel="Nummer, Produkt oder Charge suchen"
        filters={
          <SelectFilter
            param="status"
            label="Status"
            value={search.status}
            options={statusOptions}
          />
        }
        empty={
          <EmptyState
            icon={ClipboardList}
            title="Noch keine Abfüllprotokolle"
            action={newFillingLink}
          >
            Beginne die erste Abfüllung: Charge aus dem Großgebinde wählen, Anzahl und Sollgewicht
            der Einheiten angeben, jede Einheit wiegen.
          </EmptyState>
        }
      />
    </>
  )
}
