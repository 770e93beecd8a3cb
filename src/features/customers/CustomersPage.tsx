import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Plus, Users } from 'lucide-react'
import {
  type CustomerListSearch,
  type CustomerRow,
  customerKindLabels,
  customerListCsvFileName,
  customerSortKeys,
} from '~/lib/customers'
import { berlinIsoDate, formatDate } from '~/lib/format'
import { useListPending } from '../admin/AdminConsole'
import { DownloadFileButton } from '../documents/DownloadFileButton'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { CustomerStatusBadge } from './CustomerStatusBadge'
import { customerTerms } from './customer-terms'
import { customersQuery } from './customers.queries'

const licenceOptions = [
  { value: 'attention', label: 'Fehlt, abgelaufen oder läuft in 30 Tagen ab' },
]

const route = getRouteApi('/_app/customers/')
const column = dataColumns<CustomerRow>()

const numberColumn = column.accessor('number', {
  header: 'Nummer',
  cell: (info) => (
    <RowLink to="/customers/$id" params={{ id: info.row.original.id }}>
      <span className="font-mono tabular-nums">{info.getValue()}</span>
    </RowLink>
  ),
})
const nameColumn = column.accessor('displayName', { id: 'name', header: 'Name' })
const kindColumn = column.accessor('kind', {
  header: 'Art',
  cell: (info) => customerKindLabels[info.getValue()],
})
const restColumns = [
  column.accessor('city', { header: 'Ort', cell: (info) => info.getValue() ?? '–' }),
  column.accessor('email', {
    header: 'E-Mail',
    // Addresses have no spaces to wrap at; a long one must not widen the table.
    cell: (info) => <span className="[overflow-wrap:anywhere]">{info.getValue() ?? '–'}</span>,
  }),
  column.accessor('createdAt', {
    header: 'Angelegt',
    cell: (info) => formatDate(info.getValue()),
  }),
  column.accessor('active', {
    header: 'Status',
    cell: (info) => (
      <CustomerStatusBadge active={info.getValue()} anonymised={info.row.original.anonymised} />
    ),
  }),
]
const membershipColumn = column.accessor('membershipNumber', {
  header: 'Mitgliedsnr.',
  cell: (info) => info.getValue() ?? '–',
})

const customerColumns = column.columns([numberColumn, nameColumn, kindColumn, ...restColumns])
const memberColumns = column.columns([numberColumn, nameColumn, membershipColumn, ...restColumns])
const businessColumns = column.columns([numberColumn, nameColumn, ...restColumns])

const activeOptions = [
  { value: 'yes' as const, label: 'Aktiv' },
  { value: 'no' as const, label: 'Deaktiviert' },
]

/** The CSV export of the list as searched, filtered and sorted: every page of it. */
function csvPathOf({ page, pageSize, q, ...search }: CustomerListSearch) {
  const params = new URLSearchParams(
    Object.entries(search).filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] =>
      Boolean(entry[1]),
    ),
  )
  if (q) params.set('q', q)
  return `/api/customers.csv?${params}`
}

/** `/customers`: the organisation's customers, or a club's members. */
export function CustomersPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(customersQuery(search))
  const { owner } = data
  const words = customerTerms(owner.members)
  const createLink = (label: string) => (
    <ButtonLink to="/customers/create">
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </ButtonLink>
  )
  const kindOptions = owner.kinds.map((value) => ({ value, label: customerKindLabels[value] }))
  return (
    <>
      <PageHeader
        title={words.plural}
        description={
          owner.members
            ? 'Die Mitglieder deines Vereins: volljährig, höchstens 500 aktive, mit geprüftem Ausweis.'
            : 'Patientinnen, Patienten und Geschäftskunden deiner Organisation mit ihren Bestellungen.'
        }
        actions={
          <>
            <DownloadFileButton
              path={csvPathOf(search)}
              fileName={customerListCsvFileName(berlinIsoDate(), owner.members)}
              label={`alle ${words.plural} der Suche und Filter`}
            >
              Als CSV exportieren
            </DownloadFileButton>
            {createLink(words.create)}
          </>
        }
      />
      <DataTable
        label={words.plural}
        columns={
          owner.members ? memberColumns : owner.kinds.length > 1 ? customerColumns : businessColumns
        }
        search={search}
        result={data}
        sortable={customerSortKeys}
        pending={useListPending()}
        searchLabel={
          owner.members
            ? 'Name, Nummer, Mitgliedsnummer oder E-Mail suchen'
            : 'Name, Kundennummer oder E-Mail suchen'
        }
        filters={
          <div className="flex flex-wrap items-end gap-3">
            {kindOptions.length > 1 && (
              <SelectFilter param="kind" label="Art" value={search.kind} options={kindOptions} />
            )}
            <SelectFilter
              param="active"
              label="Status"
              value={search.active}
              options={activeOptions}
            />
            {owner.licenceRequired && (
              <SelectFilter
                param="licence"
                label="Erlaubnis"
                value={search.licence}
                options={licenceOptions}
              />
            )}
          </div>
        }
        empty={
          <EmptyState
            icon={Users}
            title={owner.members ? 'Noch keine Mitglieder' : 'Noch keine Kunden'}
            action={createLink(words.create)}
          >
            {owner.members
              ? 'Lege Mitglieder an, um Abgaben an der Ausgabe zu erfassen.'
              : 'Lege Kunden an, um für sie Bestellungen, Rezepte und Rechnungen zu erfassen.'}
          </EmptyState>
        }
      />
    </>
  )
}
