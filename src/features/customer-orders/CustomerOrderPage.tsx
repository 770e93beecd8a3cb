import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import {
  CheckCircle2,
  HandHeart,
  History,
  PackageCheck,
  Pencil,
  Printer,
  Send,
  Truck,
  XCircle,
} from 'lucide-react'
import { useId, useState } from 'react'
import {
  type CustomerOrderDetail,
  customerOrderStatusLabels,
  deliveryMethodLabels,
  type OrderAddress,
  orderChannelLabels,
  orderEventLabels,
  type PaymentStatus,
  paymentMeansLabels,
  paymentStatusLabels,
} from '~/lib/customer-orders'
import { failureOf } from '~/lib/failure'
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '~/lib/format'
import { handoutQuantity } from '~/lib/handouts'
import { shopPaymentMethodLabels } from '~/lib/shop'
import { quantityUnitOfPack } from '~/lib/stock'
import { OrderDocuments } from '../documents/OrderDocuments'
import { inputClass } from '../forms/field-parts'
import { type OrderLineColumn, OrderLinesTable } from '../order-lines/OrderLinesTable'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { OrderFactList } from '../ui/OrderFactList'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { CompleteWithPaymentDialog } from './CompleteWithPaymentDialog'
import { CustomerOrderStatusBadge, PaymentStatusBadge } from './CustomerOrderBadges'
import { customerOrderActionFn, setCustomerOrderPaymentFn } from './customer-order-save.functions'
import { customerOrderQuery, customerOrdersKey } from './customer-orders.queries'
import { FulfilmentDialog } from './FulfilmentDialog'
import { PaymentReminderSection } from './PaymentReminderSection'
import { PrescriptionCard } from './PrescriptionCard'
import { WithdrawalCard } from './WithdrawalCard'

const route = getRouteApi('/_app/customer_orders/$id/')

const addressText = (address: OrderAddress) =>
  [address.name, address.street, [address.postalCode, address.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')

/** "bar an der Kasse am 19.11.2026, Kassenbon 4711": the recorded payment (ADR 055). */
function paymentText(payment: CustomerOrderDetail['payment']): string {
  const parts = [
    payment.means ? paymentMeansLabels[payment.means] : 'bezahlt',
    payment.paidAt ? `am ${formatDate(payment.paidAt)}` : '',
  ].filter(Boolean)
  return `${parts.join(' ')}${payment.tillReceiptNumber ? `, Kassenbon ${payment.tillReceiptNumber}` : ''}`
}

/** Customer, channel, dates, delivery and note of an order. */
function OrderFacts({ order }: { order: CustomerOrderDetail }) {
  const address = addressText(order.delivery)
  const facts: [string, React.ReactNode][] = [
    [
      'Kunde',
      <Link
        key="customer"
        to="/customers/$id"
        params={{ id: order.customer.id }}
        className="text-brand-700 underline underline-offset-2"
      >
        {order.customer.name} ({order.customer.number})
      </Link>,
    ],
    ['Eingang', orderChannelLabels[order.channel]],
    ['Angelegt', formatDate(order.createdAt)],
    ['Lieferart', deliveryMethodLabels[order.delivery.method]],
    ['Lieferanschrift', order.delivery.method === 'pickup' ? '–' : address || '–'],
    ...(order.paymentMethod
      ? [['Zahlungsart', shopPaymentMethodLabels[order.paymentMethod]] as [string, string]]
      : []),
    ...(order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'
      ? [['Zahlung', paymentText(order.payment)] as [string, string]]
      : []),
    ...(order.billing
      ? [['Rechnungsanschrift', addressText(order.billing)] as [string, string]]
      : []),
  ]
  return <OrderFactList facts={facts} note={order.note} cancelReason={order.cancelReason} />
}

type OrderItem = CustomerOrderDetail['items'][number]

/** What was picked of a line, or what is held for it. */
function PicksCell({ item }: { item: OrderItem }) {
  const unit = quantityUnitOfPack[item.packUnit]
  if (item.picks.length > 0) {
    return (
      <ul>
        {item.picks.map((pick) => (
          <li key={pick.batchId}>
            {pick.batchNumber}: {formatQuantity(pick.quantity, unit)}
            {pick.expiryDate && (
              <span className="text-ink-muted"> (bis {formatDate(pick.expiryDate)})</span>
            )}
          </li>
        ))}
      </ul>
    )
  }
  if (item.held.length > 0) {
    return (
      <span className="text-ink-muted">
        reserviert:{' '}
        {item.held
          .map((row) => `${row.batchNumber} (${formatQuantity(row.quantity, unit)})`)
          .join(', ')}
      </span>
    )
  }
  return <span className="text-ink-muted">–</span>
}

const statutoryColumns: OrderLineColumn<OrderItem>[] = [
  {
    header: 'Zuzahlung',
    right: true,
    cellClassName: 'whitespace-nowrap',
    cell: (item) => (item.requiresPrescription ? formatMoney(item.copaymentCents) : '–'),
  },
  {
    header: 'Kassenanteil',
    right: true,
    cellClassName: 'whitespace-nowrap',
    cell: (item) =>
      item.requiresPrescription ? formatMoney(item.lineCents - item.copaymentCents) : '–',
  },
]

const picksColumn: OrderLineColumn<OrderItem> = {
  header: 'Chargen',
  cellClassName: 'text-xs',
  cell: (item) => <PicksCell item={item} />,
}

/** The lines with price, VAT, co-payment and what was picked; the totals per VAT rate. */
function OrderLines({ order }: { order: CustomerOrderDetail }) {
  const statutory = order.prescription?.payer === 'statutory'
  return (
    <OrderLinesTable
      lines={order.items}
      basis={order.priceBasis}
      details={(item) => [item.requiresPrescription && 'verschreibungspflichtig']}
      columns={[...(statutory ? statutoryColumns : []), picksColumn]}
      totals={{ netCents: order.netCents, vat: order.vatByRate, grossCents: order.grossCents }}
    >
      {order.deliveryFeeCents > 0 && (
        <>
          <dt className="text-ink-muted">davon Liefergebühr</dt>
          <dd className="text-right">{formatMoney(order.deliveryFeeCents)}</dd>
        </>
      )}
      {statutory && (
        <>
          <dt className="text-ink-muted">davon Zuzahlung</dt>
          <dd className="text-right">{formatMoney(order.copaymentCents)}</dd>
          <dt className="text-ink-muted">davon Krankenkasse</dt>
          <dd className="text-right">{formatMoney(order.insurerCents)}</dd>
          <dt className="font-semibold text-ink">Vom Patienten zu zahlen</dt>
          <dd className="text-right font-semibold">{formatMoney(order.customerShareCents)}</dd>
        </>
      )}
    </OrderLinesTable>
  )
}

/**
 * A pharmacy's completed order with a prescription: the hand-out records completing it wrote, one
 * per dispensed batch, each with its printable label (§ 14 ApBetrO).
 */
function OrderHandouts({ order }: { order: CustomerOrderDetail }) {
  return (
    <section
      aria-labelledby="order-hand-outs"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="order-hand-outs" className="flex items-center gap-2 text-lg font-semibold">
        <HandHeart className="size-5 text-brand-600" aria-hidden="true" />
        Abgabe
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Beim Abschließen dokumentiert, mit den Etikettangaben nach § 14 ApBetrO.
      </p>
      <ul className="mt-4 divide-y divide-border text-sm">
        {order.handouts.map((handout) => (
          <li key={handout.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span>
              <span className="font-mono">{handout.number}</span> · {handout.productName} ·{' '}
              {handoutQuantity(handout)} aus Charge{' '}
              <span className="font-mono">{handout.batchNumber}</span>
            </span>
            <Link
              to="/abgabe/$id"
              params={{ id: handout.id }}
              className="inline-flex items-center gap-1.5 font-medium text-brand-900 hover:underline"
            >
              <Printer className="size-4" aria-hidden="true" />
              Abgabe und Etikett {handout.number}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function OrderTimeline({ order }: { order: CustomerOrderDetail }) {
  return (
    <section
      aria-labelledby="order-timeline"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="order-timeline" className="flex items-center gap-2 text-lg font-semibold">
        <History className="size-5 text-brand-600" aria-hidden="true" />
        Verlauf
      </h2>
      <ol className="mt-4 space-y-4">
        {[...order.timeline].reverse().map((entry) => (
          <li key={entry.id} className="border-l-2 border-brand-200 pl-4 text-sm">
            <strong className="text-ink">{orderEventLabels[entry.kind]}</strong>{' '}
            <span className="text-ink-muted">
              von {entry.actorName} am <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </span>
            {entry.fromStatus && entry.toStatus && (
              <span className="block text-ink-muted">
                {customerOrderStatusLabels[entry.fromStatus]} →{' '}
                {customerOrderStatusLabels[entry.toStatus]}
              </span>
            )}
            {entry.detail && <span className="block break-words text-ink">{entry.detail}</span>}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Sets the payment sub-state by hand: a select of what is allowed now and a button. */
function PaymentControl({ order }: { order: CustomerOrderDetail }) {
  const id = useId()
  const queryClient = useQueryClient()
  const [choice, setChoice] = useState<PaymentStatus | ''>('')
  const [busy, setBusy] = useState(false)
  if (order.paymentOptions.length === 0) return null
  async function apply() {
    if (!choice) return
    setBusy(true)
    try {
      await setCustomerOrderPaymentFn({
        data: { id: order.id, version: order.version, paymentStatus: choice },
      })
      await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
      toast.success(`Zahlung: ${paymentStatusLabels[choice]}.`)
      setChoice('')
    } catch (error) {
      toast.error(failureOf(error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          Zahlungsstatus ändern
        </label>
        <select
          id={id}
          className={inputClass}
          value={choice}
          onChange={(event) => setChoice(event.target.value as PaymentStatus | '')}
        >
          <option value="">Bitte wählen</option>
          {order.paymentOptions.map((value) => (
            <option key={value} value={value}>
              {paymentStatusLabels[value]}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" onClick={() => void apply()} disabled={!choice} pending={busy}>
        Übernehmen
      </Button>
    </div>
  )
}

/** `/customer_orders/$id`: the order with the actions its state allows now. */
export function CustomerOrderPage() {
  const { id } = route.useParams()
  const queryClient = useQueryClient()
  const { data: order } = useSuspenseQuery(customerOrderQuery(id))
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<'fulfil' | 'complete' | 'cancel' | null>(null)
  const fulfilAction = order.actions.includes('ship') ? 'ship' : 'markReady'

  async function confirm() {
    setBusy(true)
    try {
      await customerOrderActionFn({
        data: { id: order.id, action: 'confirm', version: order.version },
      })
      await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
      toast.success('Die Bestellung ist bestätigt; die Ware ist reserviert.')
    } catch (error) {
      toast.error(failureOf(error).message)
      await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageHeader
        title={`Bestellung ${order.number}`}
        description={
          <span className="flex flex-wrap gap-2">
            <CustomerOrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
            {order.manualRefundCents !== null && (
              <span className="font-medium text-danger">
                Von Hand zu erstatten: {formatMoney(order.manualRefundCents)}
              </span>
            )}
          </span>
        }
        back={<BackLink to="/customer_orders">Bestellungen</BackLink>}
        actions={
          <>
            {order.editable && (
              <ButtonLink
                to="/customer_orders/$id/edit"
                params={{ id: order.id }}
                variant="secondary"
              >
                <Pencil className="size-4" aria-hidden="true" />
                Bearbeiten
              </ButtonLink>
            )}
            {order.actions.includes('cancel') && (
              <Button variant="secondary" onClick={() => setDialog('cancel')}>
                <XCircle className="size-4" aria-hidden="true" />
                Stornieren
              </Button>
            )}
            {order.actions.includes('confirm') && (
              <Button onClick={() => void confirm()} pending={busy}>
                <CheckCircle2 className="size-4" aria-hidden="true" />
                Bestätigen
              </Button>
            )}
            {(order.actions.includes('markReady') || order.actions.includes('ship')) && (
              <Button onClick={() => setDialog('fulfil')}>
                {fulfilAction === 'ship' ? (
                  <Truck className="size-4" aria-hidden="true" />
                ) : (
                  <PackageCheck className="size-4" aria-hidden="true" />
                )}
                {fulfilAction === 'ship' ? 'Versandt' : 'Abholbereit'}
              </Button>
            )}
            {order.actions.includes('complete') && (
              <Button onClick={() => setDialog('complete')}>
                <Send className="size-4" aria-hidden="true" />
                Abschließen
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <p className="text-ink-muted">
            Version {order.version} · {orderChannelLabels[order.channel]}
          </p>
          <PaymentControl order={order} />
        </div>
        <OrderFacts order={order} />
        {(order.needsPrescription || order.prescription) && <PrescriptionCard order={order} />}
        <OrderLines order={order} />
        {order.withdrawal && <WithdrawalCard order={order} withdrawal={order.withdrawal} />}
        {order.handouts.length > 0 && <OrderHandouts order={order} />}
        <OrderDocuments orderId={order.id} orderVersion={order.version} />
        <PaymentReminderSection orderId={order.id} />
        <OrderTimeline order={order} />
      </div>
      {dialog === 'fulfil' && (
        <FulfilmentDialog
          order={order}
          action={fulfilAction}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      )}
      {order.paymentMethod === 'pickup' && order.actions.includes('complete') && (
        <CompleteWithPaymentDialog
          order={order}
          open={dialog === 'complete'}
          onOpenChange={(open) => setDialog(open ? 'complete' : null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'complete' && order.paymentMethod !== 'pickup'}
        onOpenChange={(open) => setDialog(open ? 'complete' : null)}
        variant="primary"
        title={`Bestellung ${order.number} abschließen?`}
        description={`Die Ware wurde übergeben: die reservierten Mengen werden als Verkauf aus den gewählten Chargen gebucht.${order.needsPrescription ? ' Die Abgabe der verschreibungspflichtigen Positionen wird mit den Etikettangaben dokumentiert.' : ''} Das lässt sich nicht rückgängig machen.`}
        confirmLabel="Abschließen"
        onConfirm={async () => {
          await customerOrderActionFn({
            data: { id: order.id, action: 'complete', version: order.version },
          })
          await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
          toast.success('Die Bestellung ist abgeschlossen.')
        }}
      />
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title={`Bestellung ${order.number} stornieren?`}
        description="Die Bestellung wird storniert, reservierte Ware wird wieder frei. Der Grund wird im Verlauf festgehalten."
        confirmLabel="Stornieren"
        reason={{ label: 'Grund', minLength: 3 }}
        onConfirm={async (reason) => {
          await customerOrderActionFn({
            data: { id: order.id, action: 'cancel', version: order.version, reason },
          })
          await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
          toast.success('Die Bestellung ist storniert.')
        }}
      />
    </>
  )
}
