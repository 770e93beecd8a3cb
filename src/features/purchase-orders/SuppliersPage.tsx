import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Archive, Eye, Plus, Truck } from 'lucide-react'
import { useState } from 'react'
import {
  type SupplierRow,
  supplierKindLabels,
  supplierKinds,
  supplierSortKeys,
} from '~/lib/purchase-orders'
import { useListPending } from '../admin/AdminConsole'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { DataTable, dataColumns, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { supplierQuery } from './purchase-order-forms.queries'
import { archiveSupplierFn, restoreSupplierFn } from './purchase-order-save.functions'
import { purchaseOrdersKey, suppliersQuery } from './purchase-orders.queries'
import { SupplierDialog } from './SupplierDialog'

const route = getRouteApi('/_app/purchase_orders/suppliers')
const column = dataColumns<SupplierRow>()

const kindOptions = supplierKinds.map((value) => ({ value, label: supplierKindLabels[value] }))

/** Edit an external supplier: its data is loaded when the dialog opens. */
function EditSupplier({ row }: { row: SupplierRow }) {
  const [open, setOpen] = useState(false)
  const { data: supplier } = useQuery({ ...supplierQuery(row.id), enabled: open })
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Bearbeiten<span className="sr-only">: {row.name}</span>
      </Button>
      {supplier && <SupplierDialog open={open} onOpenChange={setOpen} supplier={supplier} />}
    </>
  )
}

/** Archive or restore, after asking. */
function ArchiveSupplier({ row }: { row: SupplierRow }) {
  const [asking, setAsking] = useState(false)
  const queryClient = useQueryClient()
  const archived = row.archivedAt !== null
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {archived ? 'Wiederherstellen' : 'Archivieren'}
        <span className="sr-only">: {row.name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        variant={archived ? 'primary' : 'danger'}
        title={archived ? `„${row.name}“ wiederherstellen?` : `„${row.name}“ archivieren?`}
        description={
          archived
            ? 'Sie können bei diesem Lieferanten wieder bestellen.'
            : 'Neue Bestellungen bei diesem Lieferanten sind dann nicht mehr möglich. Bestehende Bestellungen und Wareneingänge bleiben unverändert.'
        }
        confirmLabel={archived ? 'Wiederherstellen' : 'Archivieren'}
        onConfirm={async () => {
          if (archived) await restoreSupplierFn({ data: { id: row.id } })
          else await archiveSupplierFn({ data: { id: row.id } })
          await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
          toast.success(
            archived ? `„${row.name}“ ist wiederhergestellt.` : `„${row.name}“ ist archiviert.`,
          )
        }}
      />
    </>
  )
}

/** `/purchase_orders/suppliers`: whom the organisation buys from. */
export function SuppliersPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(suppliersQuery(search))
  const [adding, setAdding] = useState(false)
  const manage = data.owner.canManage
  const columns = column.columns([
    column.accessor('name', {
      header: 'Name',
      cell: (info) => <span className="font-medium text-ink">{info.getValue()}</span>,
    }),
    column.accessor('kind', {
      header: 'Art',
      cell: (info) => (
        <StatusBadge tone={info.getValue() === 'platform' ? 'info' : 'neutral'}>
          {supplierKindLabels[info.getValue()]}
        </StatusBadge>
      ),
    }),
    column.accessor('city', { header: 'Ort', cell: (info) => info.getValue() ?? '–' }),
    column.accessor('licence', {
      header: 'Erlaubnis',
      cell: (info) =>
        info.getValue() ??
        (info.row.original.kind === 'platform' ? 'geprüft durch Blattwerk' : '–'),
    }),
    column.accessor('contactName', {
      header: 'Ansprechperson',
      cell: (info) => info.getValue() ?? '–',
    }),
    ...(manage
      ? [
          column.display({
            id: 'actions',
            header: () => <span className="sr-only">Aktionen</span>,
            cell: (info) => (
              <div className="flex justify-end gap-2">
                {info.row.original.kind === 'external' && !info.row.original.archivedAt && (
                  <EditSupplier row={info.row.original} />
                )}
                <ArchiveSupplier row={info.row.original} />
              </div>
            ),
          }),
        ]
      : []),
  ])
  const addButton = (label: string) => (
    <Button onClick={() => setAdding(true)}>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </Button>
  )
  const organisation = search.organisation ? { organisation: search.organisation } : {}
  return (
    <>
      <PageHeader
        title={search.archived ? 'Archivierte Lieferanten' : 'Lieferanten'}
        description={
          manage
            ? 'Großhändler und Hersteller auf Blattwerk und externe Lieferanten mit ihrer Erlaubnis nach MedCanG oder § 52a AMG.'
            : `Lieferanten von ${data.owner.name} – nur zur Ansicht für den Support.`
        }
        back={
          <BackLink to="/purchase_orders" search={organisation}>
            Einkauf
          </BackLink>
        }
        actions={
          <>
            <ButtonLink
              to="/purchase_orders/suppliers"
              search={search.archived ? organisation : { ...organisation, archived: 'yes' }}
              variant="secondary"
            >
              {search.archived ? (
                <Eye className="size-4" aria-hidden="true" />
              ) : (
                <Archive className="size-4" aria-hidden="true" />
              )}
              {search.archived ? 'Aktuelle Lieferanten' : 'Archiv'}
            </ButtonLink>
            {manage && addButton('Lieferant hinzufügen')}
          </>
        }
      />
      <DataTable
        label="Lieferanten"
        columns={columns}
        search={search}
        result={data}
        sortable={supplierSortKeys}
        pending={useListPending()}
        searchLabel="Name, Ort oder Erlaubnisnummer suchen"
        filters={
          <SelectFilter param="kind" label="Art" value={search.kind} options={kindOptions} />
        }
        empty={
          <EmptyState
            icon={Truck}
            title={search.archived ? 'Keine archivierten Lieferanten' : 'Noch keine Lieferanten'}
            action={
              manage && !search.archived ? addButton('Ersten Lieferanten hinzufügen') : undefined
            }
          >
            {search.archived ? (
              <>
                Archivierte Lieferanten erscheinen hier.{' '}
                <Link
                  to="/purchase_orders/suppliers"
                  className="font-medium text-brand-900 underline"
                >
                  Zu den aktuellen Lieferanten
                </Link>
              </>
            ) : (
              'Füge einen Großhändler auf Blattwerk oder einen externen Lieferanten hinzu, um bei ihm zu bestellen.'
            )}
          </EmptyState>
        }
      />
      {manage && <SupplierDialog open={adding} onOpenChange={setAdding} />}
    </>
  )
}
