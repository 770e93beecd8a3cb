import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { HandHeart, Plus, ShoppingCart } from 'lucide-react'
import { formatDateTime } from '~/lib/format'
import {
  type HandoutRow,
  handoutQuantity,
  handoutSortKeys,
  handoutStatuses,
  handoutStatusLabels,
} from '~/lib/handouts'
import { formatCannabinoid } from '~/lib/products'
import { useListPending } from '../admin/AdminConsole'
import { isBusinessUser } from '../session/session-store'
import { useSession } from '../session/use-session'
import { ButtonLink } from '../ui/buttons'
import { DataTable, dataColumns, RowLink, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { AnnualReport } from './AnnualReport'
import { HandoutStatusBadge } from './HandoutStatusBadge'
import { handoutsQuery } from './handouts.queries'

const route = getRouteApi('/_app/abgabe/')
const column = dataColumns<HandoutRow>()

/** A club's list and a pharmacy's differ in words and in the order column. */
const columnsFor = (pharmacy: boolean) =>
  column.columns([
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
    ...(pharmacy
      ? [
          column.accessor('orderNumber', {
            header: 'Bestellung',
            cell: (info) => <span className="font-mono tabular-nums">{info.getValue()}</span>,
          }),
        ]
      : []),
    column.accessor('memberName', {
      id: 'member',
      header: pharmacy ? 'Patient/in' : 'Mitglied',
      cell: (info) => (
        <>
          {info.getValue()}
          <span className="block text-xs text-ink-muted">{info.row.original.memberNumber}</span>
        </>
      ),
    }),
    column.accessor('productName', {
      id: 'product',
      header: pharmacy ? 'Produkt und Charge' : 'Sorte und Charge',
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
      cell: (info) => (
        <span className="whitespace-nowrap">{handoutQuantity(info.row.original)}</span>
      ),
    }),
    column.accessor('thcContent', {
      header: 'THC',
      meta: { align: 'end' },
      cell: (info) => (
        <span className="whitespace-nowrap">
          {formatCannabinoid(info.getValue(), info.row.original.cannabinoidUnit) ?? '–'}
        </span>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => <HandoutStatusBadge status={info.getValue()} />,
    }),
  ])

const statusOptions = handoutStatuses.map((value) => ({
  value,
  label: handoutStatusLabels[value],
}))

const newHandoutLink = (
  <ButtonLink to="/abgabe/neu">
    <Plus className="size-4" aria-hidden="true" />
    Neue Abgabe
  </ButtonLink>
)

const readyOrdersLink = (
  <ButtonLink to="/customer_orders" search={{ status: 'ready' }}>
    <ShoppingCart className="size-4" aria-hidden="true" />
    Abholbereite Bestellungen
  </ButtonLink>
)

const clubColumns = columnsFor(false)
const pharmacyColumns = columnsFor(true)

/**
 * `/abgabe`: the hand-outs, newest first — a club's to its members, recorded here; a pharmacy's
 * to its patients, recorded by completing an order (one per batch of a prescription-only line).
 */
export function HandoutsPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(handoutsQuery(search))
  const { user } = useSession()
  const pharmacy = isBusinessUser(user) && user.organisation.category === 'pharmacy'
  return (
    <>
      <PageHeader
        title="Abgaben"
        description={
          pharmacy
            ? 'Jede Abgabe an Patientinnen und Patienten mit Datum, Produkt, Charge, Menge, Wirkstoffgehalt und den Etikettangaben (§ 14 ApBetrO). Sie entsteht beim Abschließen einer Bestellung mit Rezept.'
            : 'Jede Abgabe an ein Mitglied mit Datum, Sorte, Charge, Menge und Wirkstoffgehalt. Abgaben werden nicht geändert, nur mit Grund storniert; sie bleiben fünf Jahre gespeichert.'
        }
        actions={pharmacy ? readyOrdersLink : newHandoutLink}
      />
      {!pharmacy && <AnnualReport />}
      <DataTable
        label="Abgaben"
        columns={pharmacy ? pharmacyColumns : clubColumns}
        search={search}
        result={data}
        sortable={handoutSortKeys}
        pending={useListPending()}
        searchLabel={
          pharmacy
            ? 'Nummer, Bestellung, Patient/in, Produkt oder Charge suchen'
            : 'Nummer, Mitglied, Sorte oder Charge suchen'
        }
        filters={
          <SelectFilter
            param="status"
            label="Status"
            value={search.status}
            options={statusOptions}
          />
        }
        empty={
          pharmacy ? (
            <EmptyState icon={HandHeart} title="Noch keine Abgaben" action={readyOrdersLink}>
              Eine Abgabe entsteht, wenn du eine abholbereite oder versandte Bestellung mit Rezept
              abschließt.
            </EmptyState>
          ) : (
            <EmptyState icon={HandHeart} title="Noch keine Abgaben" action={newHandoutLink}>
              Erfasse die erste Abgabe: Mitglied suchen, Sorte und Charge wählen, Menge eintragen.
            </EmptyState>
          )
        }
      />
    </>
  )
}
