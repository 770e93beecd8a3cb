import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import {
  closedOrderStatuses,
  customerShareCents,
  deliveryMethodLabels,
  orderTypeLabels,
  prescriptionEvidenceLabels,
} from '~/lib/customer-orders'
import { deletedDocumentFileText } from '~/lib/documents'
import { failureOf } from '~/lib/failure'
import { formatDate, formatDateTime, formatMoney } from '~/lib/format'
import { formatSalesQuantity } from '~/lib/product-display'
import { shopPaymentMethodLabels } from '~/lib/shop'
import { customerPayerLabels, type ShopOrderAddress, shopInvoicePath } from '~/lib/shop-account'
import {
  CustomerOrderStatusBadge,
  PaymentStatusBadge,
} from '../../customer-orders/CustomerOrderBadges'
import { DownloadFileButton } from '../../documents/DownloadFileButton'
import { startOrderPayment } from '../../payments/payments.functions'
import { TransferDetails } from '../../payments/TransferDetails'
import { Button } from '../../ui/buttons'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { BackLink } from '../../ui/PageHeader'
import { PlainTable, plainRowClass } from '../../ui/PlainTable'
import { toast } from '../../ui/toast'
import { AccountCard, AccountFrame } from './AccountFrame'
import { accountKey, shopOrderQuery } from './account.queries'
import { cancelShopOrderFn } from './account-actions.functions'
import { WithdrawalCard } from './WithdrawalCard'

const route = getRouteApi('/_shop/account/orders/$id')

function Address({ address }: { address: ShopOrderAddress }) {
  const lines = [
    address.name,
    address.street,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.country && address.country !== 'DE' ? address.country : null,
  ].filter(Boolean)
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-ink">{label}</dt>
      <dd className="text-ink-muted">{children}</dd>
    </>
  )
}

/** One order of the shop customer: what, how, what it costs, what happened, the invoice. */
export function AccountOrderPage() {
  const { id } = route.useParams()
  const { data: order } = useSuspenseQuery(shopOrderQuery(id))
  const queryClient = useQueryClient()
  const [cancelling, setCancelling] = useState(false)
  const [paying, setPaying] = useState(false)
  const what = orderTypeLabels[order.type]

  async function pay() {
    setPaying(true)
    try {
      const { checkoutUrl } = await startOrderPayment({ data: { orderId: order.id } })
      window.location.assign(checkoutUrl)
    } catch (error) {
      toast.error(failureOf(error).message)
      setPaying(false)
    }
  }

  async function cancel() {
    await cancelShopOrderFn({ data: { id: order.id } })
    await queryClient.invalidateQueries({ queryKey: accountKey })
    toast.success(`${what} ${order.number} ist storniert.`)
  }

  return (
    <AccountFrame
      title={`${what} ${order.number}`}
      description={`Vom ${formatDateTime(order.createdAt)} Uhr`}
      back={<BackLink to="/account/orders">Meine Bestellungen</BackLink>}
      actions={
        (order.canPay || order.canCancel) && (
          <>
            {order.canPay && (
              <Button onClick={() => void pay()} pending={paying}>
                {order.paymentStatus === 'failed' ? 'Erneut bezahlen' : 'Jetzt bezahlen'}
              </Button>
            )}
            {order.canCancel && (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                Bestellung stornieren
              </Button>
            )}
          </>
        )
      }
    >
      <div className="flex flex-wrap gap-2">
        <CustomerOrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
      </div>
      {order.status === 'new' && order.expiresAt && (
        <p className="text-sm text-ink-muted">
          Die Ware ist für Sie zurückgelegt bis {formatDateTime(order.expiresAt)} Uhr.
        </p>
      )}
      <AccountCard title="Positionen" id="order-items">
        <PlainTable
          columns={[
            { header: 'Produkt' },
            { header: 'Menge' },
            { header: 'Betrag', numeric: true },
          ]}
        >
          {order.items.map((item) => (
            <tr key={item.id} className={plainRowClass}>
              <td className="py-2 pr-4 text-ink">
                {item.name}
                {item.requiresPrescription && (
                  <span className="block text-xs text-ink-muted">verschreibungspflichtig</span>
                )}
              </td>
              <td className="py-2 pr-4 text-ink-muted">
                {formatSalesQuantity(item.quantity, item.salesUnit)}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums text-ink">
                {formatMoney(item.grossCents)}
              </td>
            </tr>
          ))}
        </PlainTable>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[1fr_auto] sm:text-right">
          {order.deliveryFeeCents > 0 && (
            <Row label="Liefergebühr">{formatMoney(order.deliveryFeeCents)}</Row>
          )}
          <Row label="Netto">{formatMoney(order.netCents)}</Row>
          <Row label="Umsatzsteuer">{formatMoney(order.vatCents)}</Row>
          <Row label="Gesamt">{formatMoney(order.grossCents)}</Row>
          {order.insurerCents > 0 && (
            <>
              <Row label="Anteil Ihrer Krankenkasse">{formatMoney(order.insurerCents)}</Row>
              <Row label="darin Ihre Zuzahlung">{formatMoney(order.copaymentCents)}</Row>
              <Row label="Von Ihnen zu zahlen">{formatMoney(customerShareCents(order))}</Row>
            </>
          )}
        </dl>
      </AccountCard>
      <div className="grid gap-6 md:grid-cols-2">
        <AccountCard title="Lieferung und Zahlung" id="order-delivery">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
            <Row label="Lieferart">{deliveryMethodLabels[order.deliveryMethod]}</Row>
            {order.deliveryMethod !== 'pickup' && order.delivery.street && (
              <Row label="Lieferadresse">
                <Address address={order.delivery} />
              </Row>
            )}
            {order.billing && (
              <Row label="Rechnungsadresse">
                <Address address={order.billing} />
              </Row>
            )}
            <Row label="Zahlungsart">
              {order.paymentMethod
                ? shopPaymentMethodLabels[order.paymentMethod]
                : 'In der Apotheke'}
            </Row>
          </dl>
          {order.paymentMethod === 'pickup' &&
            order.paymentStatus === 'unpaid' &&
            !closedOrderStatuses.includes(order.status) && (
              <p className="mt-4 text-sm text-ink">
                Sie bezahlen {formatMoney(customerShareCents(order))} bei der Abholung in der
                Apotheke.
              </p>
            )}
          {order.transfer && (
            <div className="mt-4 space-y-2">
              <p className="text-sm text-ink">
                Bitte überweisen Sie den offenen Betrag mit diesem Verwendungszweck:
              </p>
              <TransferDetails transfer={order.transfer} />
            </div>
          )}
        </AccountCard>
        <AccountCard title="Rezept" id="order-prescription">
          {order.evidence ? (
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
              <Row label="Kostenträger">{customerPayerLabels[order.evidence.payer]}</Row>
              <Row label="Nachweis">{prescriptionEvidenceLabels[order.evidence.kind]}</Row>
            </dl>
          ) : (
            <p className="text-sm text-ink-muted">
              {order.items.some((item) => item.requiresPrescription)
                ? 'Bitte legen Sie das Rezept in der Apotheke vor.'
                : 'Für diese Bestellung ist kein Rezept nötig.'}
            </p>
          )}
        </AccountCard>
      </div>
      <AccountCard title="Verlauf" id="order-timeline">
        <ol className="space-y-2 text-sm">
          {order.timeline.map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-3">
              <time dateTime={entry.at} className="w-36 shrink-0 text-ink-muted">
                {formatDateTime(entry.at)}
              </time>
              <span className="text-ink">{entry.text}</span>
            </li>
          ))}
        </ol>
      </AccountCard>
      {order.withdrawal.lines.length > 0 && <WithdrawalCard order={order} />}
      <AccountCard title="Rechnung" id="order-invoice">
        {order.invoice ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-ink">
              Rechnung {order.invoice.number} vom {formatDate(order.invoice.issuedAt)}
            </span>
            {order.invoice.pdf ? (
              <DownloadFileButton
                path={shopInvoicePath(order.id)}
                fileName={`${order.invoice.number}.pdf`}
                label={`Rechnung ${order.invoice.number} herunterladen`}
              >
                PDF
              </DownloadFileButton>
            ) : (
              <span className="text-ink-muted">{deletedDocumentFileText}</span>
            )}
          </div>
        ) : (
          <p className="text-sm text-ink-muted">
            Die Rechnung erscheint hier, sobald die Apotheke sie ausgestellt hat.
          </p>
        )}
      </AccountCard>
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`${what} ${order.number} stornieren?`}
        description={
          <p>
            Die {what} wird storniert und die zurückgelegte Ware wieder freigegeben. Das lässt sich
            nicht rückgängig machen; für eine neue {what} bestellen Sie bitte erneut.
          </p>
        }
        confirmLabel="Bestellung stornieren"
        cancelLabel="Nicht stornieren"
        onConfirm={cancel}
      />
    </AccountFrame>
  )
}
