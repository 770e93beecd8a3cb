import { useQuery } from '@tanstack/react-query'
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { type Failure, failureOf } from '~/lib/failure'
import { formatMoney } from '~/lib/format'
import { type PaymentReturn, paymentPollIntervalMs, paymentPollLimit } from '~/lib/payments'
import { FormAlert } from '../forms/field-parts'
import { AuthFrame } from '../login/AuthFrame'
import { Button } from '../ui/buttons'
import { paymentReturnQuery } from './payment-return.queries'
import { startOrderPayment } from './payments.functions'

const linkClass = 'font-medium text-brand-700 hover:underline'

/** The order in the customer's account (a plain link: that page belongs to the account area). */
function OrderLink({ orderId }: { orderId: string }) {
  return (
    <a href={`/account/orders/${orderId}`} className={linkClass}>
      Zur Bestellung
    </a>
  )
}

function Summary({ state }: { state: PaymentReturn }) {
  return (
    <section aria-labelledby="payment-summary" className="space-y-2">
      <h2 id="payment-summary" className="font-semibold text-ink">
        Bestellung {state.number}
      </h2>
      <ul className="divide-y divide-border text-sm">
        {state.items.map((item) => (
          <li key={`${item.name}-${item.quantityText}`} className="flex justify-between gap-4 py-2">
            <span>
              {item.quantityText} {item.name}
            </span>
            <span className="tabular-nums">{formatMoney(item.totalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between gap-4 border-t border-border pt-2 font-semibold">
        <span>Online bezahlt</span>
        <span className="tabular-nums">{formatMoney(state.amountCents)}</span>
      </p>
    </section>
  )
}

function Message({ tone, children }: { tone: 'done' | 'problem'; children: string }) {
  const Icon = tone === 'done' ? CircleCheck : CircleAlert
  return (
    <p className="flex gap-2 text-ink">
      <Icon
        className={`mt-1 size-5 shrink-0 ${tone === 'done' ? 'text-brand-600' : 'text-danger'}`}
        aria-hidden="true"
      />
      {children}
    </p>
  )
}

function PayAgain({ orderId }: { orderId: string }) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const payAgain = async () => {
    setBusy(true)
    setFailure(null)
    try {
      const { checkoutUrl } = await startOrderPayment({ data: { orderId } })
      window.location.assign(checkoutUrl)
    } catch (error) {
      setFailure(failureOf(error))
      setBusy(false)
    }
  }
  return (
    <div className="space-y-3">
      {failure && <FormAlert>{failure.message}</FormAlert>}
      <Button pending={busy} onClick={payAgain}>
        Erneut bezahlen
      </Button>
    </div>
  )
}

/**
 * Where Mollie sends the customer back. The outcome comes from the server's state (synced with
 * Mollie there), never from the address; while the payment is open the page asks again every
 * few seconds for about a minute.
 */
export function PaymentReturnPage({ order }: { order: string }) {
  const [polls, setPolls] = useState(0)
  const query = useQuery({
    ...paymentReturnQuery(order),
    refetchInterval: (current) =>
      current.state.data?.outcome === 'open' && polls < paymentPollLimit
        ? paymentPollIntervalMs
        : false,
  })
  const state = query.data
  const open = state?.outcome === 'open'
  // One more answer while open: after about a minute the page stops asking.
  useEffect(() => {
    if (open && query.dataUpdatedAt > 0) setPolls((count) => count + 1)
  }, [open, query.dataUpdatedAt])

  if (query.error || !state) {
    return (
      <AuthFrame title="Zahlung" intro="Der Stand Ihrer Zahlung.">
        <FormAlert>
          {query.error ? failureOf(query.error).message : 'Diese Bestellung gibt es nicht.'}
        </FormAlert>
      </AuthFrame>
    )
  }
  return (
    <AuthFrame title="Zahlung" intro={`Der Stand Ihrer Zahlung für Bestellung ${state.number}.`}>
      <div role="status" aria-live="polite" className="space-y-4">
        {state.outcome === 'paid' && (
          <>
            <Message tone="done">Vielen Dank – Ihre Zahlung ist eingegangen (bezahlt).</Message>
            <Summary state={state} />
          </>
        )}
        {state.outcome === 'open' &&
          (polls < paymentPollLimit ? (
            <p className="flex items-center gap-2 text-ink">
              <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden="true" />
              Ihre Zahlung wird geprüft …
            </p>
          ) : (
            <Message tone="done">
              Ihre Zahlung ist noch in Bearbeitung. Wir melden uns per E-Mail, sobald sie
              eingegangen ist.
            </Message>
          ))}
        {state.outcome === 'unsuccessful' && (
          <>
            <Message tone="problem">
              {state.canPayAgain
                ? 'Zahlung nicht abgeschlossen. Ihre Bestellung ist noch für Sie reserviert.'
                : 'Zahlung nicht abgeschlossen.'}
            </Message>
            {state.canPayAgain && <PayAgain orderId={state.orderId} />}
          </>
        )}
        {state.outcome === 'expired' && (
          <Message tone="problem">
            Zahlung nicht abgeschlossen: Die Reservierung Ihrer Bestellung ist abgelaufen. Bitte
            bestellen Sie erneut.
          </Message>
        )}
        {state.outcome === 'cancelled' && (
          <Message tone="problem">Diese Bestellung wurde storniert.</Message>
        )}
        <OrderLink orderId={state.orderId} />
      </div>
    </AuthFrame>
  )
}
