import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { PackageCheck, XCircle } from 'lucide-react'
import { useState } from 'react'
import { formatDate, formatMoney, formatQuantity } from '~/lib/format'
import {
  type PurchaseOrderDetail,
  type PurchaseOrderItemDetail,
  supplierKindLabels,
} from '~/lib/purchase-orders'
import { quantityUnitOfPack } from '~/lib/stock'
import {
  type OrderLineColumn,
  type OrderLineRow,
  OrderLinesTable,
} from '../order-lines/OrderLinesTable'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { OrderFactList } from '../ui/OrderFactList'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { PurchaseOrderForm } from './PurchaseOrderForm'
import { PurchaseOrderStatusBadge } from './PurchaseOrderStatusBadge'
import { PurchaseOrderTimeline } from './PurchaseOrderTimeline'
import { cancelPurchaseOrderFn } from './purchase-order-save.functions'
import {
  purchaseOrderHistoryQuery,
  purchaseOrderQuery,
  purchaseOrdersKey,
} from './purchase-orders.queries'

const editRoute = getRouteApi('/_app/purchase_orders/$id/edit')

const backToList = <BackLink to="/purchase_orders">Einkauf</BackLink>

/** The header's facts of an order: supplier, dates, totals. */
function OrderFacts({ order }: { order: PurchaseOrderDetail }) {
  const facts: [string, string][] = [
    ['Lieferant', `${order.supplier.name} (${supplierKindLabels[order.supplier.kind]})`],
    ['Angelegt', formatDate(order.createdAt)],
    ['Bestellt', order.orderedAt ? formatDate(order.orderedAt) : '–'],
    ['Netto', formatMoney(order.netCents)],
    ['MwSt.', formatMoney(order.vatCents)],
    ['Brutto', formatMoney(order.grossCents)],
  ]
  return <OrderFactList facts={facts} note={order.note} cancelReason={order.cancelReason} />
}

type OrderItem = PurchaseOrderItemDetail & OrderLineRow

const receivedColumn: OrderLineColumn<OrderItem> = {
  header: 'Eingegangen',
  right: true,
  cellClassName: 'whitespace-nowrap',
  cell: (item) => (
    <>
      {item.receivedBaseUnits === 0
        ? 'noch nichts'
        : formatQuantity(item.receivedBaseUnits, quantityUnitOfPack[item.packUnit])}
      <span className="text-ink-muted">
        {' '}
        von{' '}
        {formatQuantity(
          item.quantity * item.baseUnitsPerSalesUnit,
          quantityUnitOfPack[item.packUnit],
        )}
      </span>
    </>
  ),
}

/** The lines as ordered, with what has been received of each (the totals are in the facts). */
function OrderLines({ order }: { order: PurchaseOrderDetail }) {
  return (
    <OrderLinesTable
      lines={order.items.map((item) => ({
        ...item,
        unitCents: item.unitPriceCents,
        lineCents: item.unitPriceCents * item.quantity,
      }))}
      quantityHeader="Bestellt"
      columns={[receivedColumn]}
    />
  )
}

/** An order from `ordered` on: read-only, with the actions its state allows. */
function PurchaseOrderView({ order }: { order: PurchaseOrderDetail }) {
  const queryClient = useQueryClient()
  const [cancelling, setCancelling] = useState(false)
  return (
    <>
      <PageHeader
        title={order.number ? `Bestellung ${order.number}` : 'Einkaufsbestellung'}
        description={<PurchaseOrderStatusBadge status={order.status} />}
        back={backToList}
        actions={
          <>
            {order.actions.includes('cancel') && (
              <Button variant="secondary" onClick={() => setCancelling(true)}>
                <XCircle className="size-4" aria-hidden="true" />
                Stornieren
              </Button>
            )}
            {order.actions.includes('receive') && (
              <ButtonLink to="/purchase_orders/$id/receipt" params={{ id: order.id }}>
                <PackageCheck className="size-4" aria-hidden="true" />
                Wareneingang buchen
              </ButtonLink>
            )}
          </>
        }
      />
      <div className="space-y-6">
        {!order.owner.canManage && (
          <p className="text-ink-muted">
            Bestellung von {order.owner.name} – nur zur Ansicht für den Support.
          </p>
        )}
        <OrderFacts order={order} />
        <OrderLines order={order} />
        <OrderTimeline id={order.id} />
      </div>
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Bestellung ${order.number ?? ''} stornieren?`}
        description="Die Bestellung wird storniert; teile das auch dem Lieferanten mit. Der Grund wird im Verlauf festgehalten."
        confirmLabel="Stornieren"
        reason={{ label: 'Grund', minLength: 3 }}
        onConfirm={async (reason) => {
          await cancelPurchaseOrderFn({ data: { id: order.id, revision: order.revision, reason } })
          await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
          toast.success('Die Bestellung ist storniert.')
        }}
      />
    </>
  )
}

function OrderTimeline({ id }: { id: string }) {
  const { data } = useSuspenseQuery(purchaseOrderHistoryQuery(id))
  return <PurchaseOrderTimeline entries={data} />
}

/** `/purchase_orders/$id/edit`: a draft in the form; from `ordered` on read-only. */
export function PurchaseOrderEditPage() {
  const { id } = editRoute.useParams()
  const { data: order } = useSuspenseQuery(purchaseOrderQuery(id))
  if (!order.actions.includes('edit')) return <PurchaseOrderView order={order} />
  return (
    <>
      <PageHeader
        title="Einkaufsbestellung bearbeiten"
        description={<PurchaseOrderStatusBadge status={order.status} />}
        back={backToList}
      />
      <div className="space-y-6">
        <PurchaseOrderForm
          key={order.id}
          detail={order}
          accessoriesOnly={order.owner.accessoriesOnly}
        />
        <OrderTimeline id={order.id} />
      </div>
    </>
  )
}
