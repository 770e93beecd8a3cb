import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { HandHeart, Plus } from 'lucide-react'
import { formatDateTime } from '~/lib/format'
import {
  formatGrams,
  type HandOutRow,
  handOutSortKeys,
  handOutStatuses,
  handOutStatusLabels,
} from '~/lib/handouts'
import { formatCannabinoid } from '~/lib/products'
import { useListPending } from '../admin/AdminConsole'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { AnnualReport } from './AnnualReport'
import { HandOutStatusBadge } from './HandOutStatusBadge'
import { handOutsQuery } from './handouts.queries'

const route = getRouteApi('/_app/abgabe/')
const column = dataColumns<HandOutRow>()

const columns = column.columns([
  column.accessor('number', {
    header: 'Nummer',
    cell: (info) => (
      <RowLink to="/abgabe/$id" params={{ id: info.row.original.id }}>
        <span className="font-mono tabular-nums">{info.getValue()}</span>
      </RowLink>
    ),
  }),
  column.accessor('handedOutAt', {
    header: 'Zeitpunkt',
    cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor('memberName', {
    id: 'member',
    header: 'Mitglied',
    cell: (info) => (
      <>
        {info.getValue()}
        <span className="block text-xs text-ink-muted">{info.row.original.memberNumber}</span>
      </>
    ),
  }),
  column.accessor('productName', {
    id: 'product',
    header: 'Sorte und Charge',
    cell: (info) => (
      <>
        {info.getValue()}
        <span className="block font-mono text-xs text-ink-muted">
          {info.row.original.batchNumber}
        </span>
      </>
    ),
  }),
  column.accessor('quantity', {
    header: 'Menge',
    meta: { align: 'end' },
    cell: (info) => <span className="whitespace-nowrap">{formatGrams(info.getValue())}</span>,
  }),
  column.accessor('thcContent', {
    header: 'THC',
    meta: { align: 'end' },
    cell: (info) => (
      <span className="whitespace-nowrap">
        {formatCannabinoid(info.getValue(), info.row.original.cannabinoidUnit)}
      </span>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <HandOutStatusBadge status={info.getValue()} />,
  }),
])

const statusOptions = handOutStatuses.map((value) => ({
  value,
  label: handOutStatusLabels[value],
}))

const newHandOutLink = (
  <ButtonLink to="/abgabe/neu">
    <Plus className="size-4" aria-hidden="true" />
    Neue Abgabe
  </ButtonLink>
)

/** `/abgabe`: the club's hand-outs to its members, newest first. */
export function HandOutsPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(handOutsQuery(search))
  return (
    <>
      <PageHeader
        title="Abgaben"
        description="Jede Abgabe an ein Mitglied mit Datum, Sorte, Charge, Menge und Wirkstoffgehalt. Abgaben werden nicht geändert, nur mit Grund storniert; sie bleiben fünf Jahre gespeichert."
        actions={newHandOutLink}
      />
      <AnnualReport />
      <DataTable
        label="Abgaben"
        columns={columns}
        search={search}
        result={data}
        sortable={handOutSortKeys}
        pending={useListPending()}
        searchLabel="Nummer, Mitglied, Sorte oder Charge suchen"
        filters={
          <SelectFilter
            param="status"
            label="Status"
            value={search.status}
            options={statusOptions}
          />
        }
        empty={
          <EmptyState icon={HandHeart} title="Noch keine Abgaben" action={newHandOutLink}>
            Erfasse die erste Abgabe: Mitglied suchen, Sorte und Charge wählen, Menge eintragen.
          </EmptyState>
        }
      />
    </>
  )
}
