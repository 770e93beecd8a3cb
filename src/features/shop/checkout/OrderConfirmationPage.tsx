import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import { paymentStatusLabels, prescriptionEvidenceLabels } from '~/lib/customer-orders'
import { payerKindLabels } from '~/lib/customers'
import { formatDateTime, formatMoney } from '~/lib/format'
import { shopPaymentMethodLabels } from '~/lib/shop'
import { withdrawalLineLabels } from '~/lib/withdrawal'
import { TransferDetails } from '../../payments/TransferDetails'
import { PageHeader } from '../../ui/PageHeader'
import { shopOrderConfirmationQuery } from './checkout.queries'

const route = getRouteApi('/_shop/bestellung/$id')

/** After placing an order: its number, what was ordered, the totals, delivery and how to pay. */
export function OrderConfirmationPage() {
  const { id } = route.useParams()
  const { data: order } = useSuspenseQuery(shopOrderConfirmationQuery(id))
  const { delivery, transfer } = order
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader
        title="Vielen Dank für Ihre Bestellung"
        description={`Bestellt am ${formatDateTime(order.createdAt)} Uhr. Eine Bestätigung haben wir Ihnen per E-Mail geschickt.`}
      />
      <section
        aria-labelledby="order-number"
        className="rounded-xl border border-border bg-surface p-4 sm:p-6"
      >
        <div className="flex items-start gap-3">
          <CircleCheck className="mt-1 size-6 shrink-0 text-success" aria-hidden="true" />
          <div>
            <p className="text-sm text-ink-muted">Ihre Bestellnummer</p>
            <p id="order-number" className="text-2xl font-semibold text-ink">
              {order.number}
            </p>
          </div>
        </div>
        <h2 className="mt-6 font-semibold text-ink">Artikel</h2>
        <ul className="mt-2 divide-y divide-border text-sm">
          {order.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never move
            <li key={index} className="flex justify-between gap-4 py-2">
              <span>
                {item.quantityText} {item.name}
                {item.requiresPrescription && item.copaymentCents > 0 && (
                  <span className="block text-ink-muted">
                    Zuzahlung {formatMoney(item.copaymentCents)}
                  </span>
                )}
                <span className="block text-ink-muted">
                  {item.withdrawal ? withdrawalLineLabels.applies : withdrawalLineLabels.excluded}
                </span>
              </span>
              <span className="whitespace-nowrap">{formatMoney(item.grossCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>Lieferung</dt>
          <dd className="text-right">{formatMoney(order.deliveryFeeCents)}</dd>
          <dt className="text-ink-muted">enthaltene MwSt.</dt>
          <dd className="text-right text-ink-muted">{formatMoney(order.vatCents)}</dd>
          <dt className="font-semibold">Gesamt</dt>
          <dd className="text-right font-semibold">{formatMoney(order.grossCents)}</dd>
          {order.insurerCents > 0 && (
            <>
              <dt className="text-ink-muted">davon Krankenkasse</dt>
              <dd className="text-right text-ink-muted">{formatMoney(order.insurerCents)}</dd>
              <dt className="font-semibold">Sie zahlen</dt>
              <dd className="text-right font-semibold">{formatMoney(order.amountDueCents)}</dd>
            </>
          )}
        </dl>
      </section>

      <section
        aria-labelledby="order-delivery"
        className="rounded-xl border border-border bg-surface p-4 text-sm sm:p-6"
      >
        <h2 id="order-delivery" className="font-semibold text-ink">
          Lieferung: {delivery.label}
        </h2>
        {delivery.pickup && (
          <p className="mt-2">
            Abholung in der Apotheke: {delivery.pickup.address}
            {delivery.pickup.openingHours && (
              <span className="block text-ink-muted">{delivery.pickup.openingHours}</span>
            )}
          </p>
        )}
        {delivery.address && <p className="mt-2">Lieferadresse: {delivery.address}</p>}
        {order.billingAddress && <p className="mt-2">Rechnungsadresse: {order.billingAddress}</p>}
        {order.evidence && (
          <p className="mt-2">
            Rezept: {payerKindLabels[order.evidence.payer]},{' '}
            {prescriptionEvidenceLabels[order.evidence.kind]}
          </p>
        )}
      </section>

      <section
        aria-labelledby="order-payment"
        className="rounded-xl border border-border bg-surface p-4 text-sm sm:p-6"
      >
        <h2 id="order-payment" className="font-semibold text-ink">
          Zahlung: {order.paymentMethod ? shopPaymentMethodLabels[order.paymentMethod] : '–'} (
          {paymentStatusLabels[order.paymentStatus]})
        </h2>
        {order.paymentMethod === 'pickup' && (
          <p className="mt-2">
            Sie bezahlen {formatMoney(order.amountDueCents)} bei der Abholung in der Apotheke.
          </p>
        )}
        {order.paymentMethod === 'bank_transfer' &&
          (transfer ? (
            <div className="mt-2">
              <TransferDetails transfer={transfer} />
            </div>
          ) : (
            order.paymentStatus !== 'paid' && (
              <p className="mt-2">Die Apotheke schickt Ihnen ihre Bankverbindung per E-Mail.</p>
            )
          ))}
      </section>
      <p>
        <Link to="/shop" className="font-medium text-brand-700 underline">
          Zurück zum Shop
        </Link>
      </p>
    </div>
  )
}
