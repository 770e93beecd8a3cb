import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Eye, PackageOpen } from 'lucide-react'
import { useState } from 'react'
import { formatDate } from '~/lib/format'
import type { OrganisationProductRow } from '~/lib/products'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { commonColumns, ListingsTable, listingColumn, ownerNote } from './ListingsTable'
import { restoreOrganisationProductFn } from './product-save.functions'
import { archivedOrganisationProductsQuery, productsKey } from './products.queries'

const archiveRoute = getRouteApi('/_app/archive/products')

/** "Wiederherstellen" of one archived row: asks first, says where the product goes. */
function RestoreButton({ row }: { row: OrganisationProductRow }) {
  const [asking, setAsking] = useState(false)
  const queryClient = useQueryClient()
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Wiederherstellen
        <span className="sr-only">: {row.name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        variant="primary"
        title={`„${row.name}“ wiederherstellen?`}
        description="Das Produkt steht wieder in deiner Produktliste und lässt sich bestellen. Im Shop bleibt es ausgeblendet, bis du es dort wieder sichtbar machst."
        confirmLabel="Wiederherstellen"
        onConfirm={async () => {
          await restoreOrganisationProductFn({ data: { id: row.id } })
          await queryClient.invalidateQueries({ queryKey: productsKey })
          toast.success(`„${row.name}“ ist wiederhergestellt.`)
        }}
      />
    </>
  )
}

/** `/archive/products`: archived products, each with restore for those who manage them. */
export function ArchivedProductsPage() {
  const search = archiveRoute.useSearch()
  const { data } = useSuspenseQuery(archivedOrganisationProductsQuery(search))
  const columns = listingColumn.columns([
    ...commonColumns,
    listingColumn.accessor('archivedAt', {
      header: 'Archiviert',
      meta: { hideBelow: '2xl' },
      cell: (info) => {
        const archivedAt = info.getValue()
        return archivedAt ? formatDate(archivedAt) : '–'
      },
    }),
    ...(data.owner.canManage
      ? [
          listingColumn.display({
            id: 'actions',
            header: () => <span className="sr-only">Aktionen</span>,
            cell: (info) =>
              info.row.original.status === 'withdrawn' ? (
                <span className="text-xs text-ink-muted">vom Markt zurückgezogen</span>
              ) : (
                <RestoreButton row={info.row.original} />
              ),
          }),
        ]
      : []),
  ])
  return (
    <>
      <PageHeader
        title="Archivierte Produkte"
        description={
          ownerNote(data) ??
          'Archivierte Produkte sind nicht mehr bestellbar und nicht im Shop; ihre Historie bleibt.'
        }
        actions={
          <ButtonLink
            to="/products"
            search={search.organisation ? { organisation: search.organisation } : {}}
            variant="secondary"
          >
            <Eye className="size-4" aria-hidden="true" />
            Aktuelle Produkte
          </ButtonLink>
        }
      />
      <ListingsTable
        label="Archivierte Produkte"
        columns={columns}
        search={search}
        data={data}
        empty={
          <EmptyState icon={PackageOpen} title="Keine archivierten Produkte">
            Archivierte Produkte bleiben mit ihrer Historie nachvollziehbar und lassen sich hier
            wiederherstellen. Zum Archivieren öffnest du ein Produkt in der{' '}
            <Link to="/products" className="font-medium text-brand-900 underline">
              Produktliste
            </Link>
            .
          </EmptyState>
        }
      />
    </>
  )
}
