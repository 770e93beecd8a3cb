import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { formatCount, formatDateTime } from '~/lib/format'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { MasterProductForm } from './MasterProductForm'
import { formValuesOf } from './master-product-form'
import { updateMasterProductFn } from './master-product-save.functions'
import { masterProductHistoryQuery, masterProductQuery } from './master-products.queries'
import { ProductHistory } from './ProductHistory'
import { ProductStatusBadge } from './ProductStatusBadge'

const editRoute = getRouteApi('/_app/admin/product-db/$id/edit')

/** "Von 3 Organisationen geführt (1 weitere hat es archiviert)". */
function listingText(active: number, archived: number): string {
  const activeText =
    active === 0
      ? 'Von keiner Organisation geführt'
      : active === 1
        ? 'Von einer Organisation geführt'
        : `Von ${formatCount(active)} Organisationen geführt`
  if (archived === 0) return `${activeText}.`
  return `${activeText}; ${archived === 1 ? 'eine weitere hat' : `${formatCount(archived)} weitere haben`} es archiviert.`
}

export function MasterProductEditPage() {
  const { id } = editRoute.useParams()
  const { data: detail } = useSuspenseQuery(masterProductQuery(id))
  const { data: history } = useSuspenseQuery(masterProductHistoryQuery(id))
  // The revision the form was loaded at; a later refetch must not move it (optimistic locking).
  const [loadedRevision] = useState(detail.revision)
  const [initial] = useState(() => formValuesOf(detail.product))
  return (
    <>
      <PageHeader
        title={detail.product.name}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <ProductStatusBadge status={detail.product.status} />
            <span>{listingText(detail.activeListings, detail.archivedListings)}</span>
            <span>Zuletzt geändert am {formatDateTime(detail.updatedAt)}</span>
          </span>
        }
        back={<BackLink to="/admin/product-db">Produktdatenbank</BackLink>}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <MasterProductForm
          initial={initial}
          save={(product) =>
            updateMasterProductFn({
              data: { id, product: { ...product, revision: loadedRevision } },
            })
          }
          submitLabel="Änderungen speichern"
          savedMessage="Die Änderungen wurden gespeichert."
          activeListings={detail.activeListings}
        />
        <div className="xl:self-start">
          <ProductHistory entries={history} />
        </div>
      </div>
    </>
  )
}
