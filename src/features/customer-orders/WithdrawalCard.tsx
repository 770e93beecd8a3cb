import { Undo2 } from 'lucide-react'
import type { CustomerOrderDetail } from '~/lib/customer-orders'
import { formatDate, formatDateTime } from '~/lib/format'
import { type OrderWithdrawalView, withdrawalLineLabels } from '~/lib/withdrawal'

/**
 * A shop order's right of withdrawal as the pharmacy sees it: the customer's withdrawal when one
 * arrived (date and time, who, which lines; ADR 067), else per line whether it applies.
 */
export function WithdrawalCard({
  order,
  withdrawal,
}: {
  order: Pick<CustomerOrderDetail, 'number'>
  withdrawal: OrderWithdrawalView
}) {
  const received = withdrawal.withdrawal
  return (
    <section
      aria-labelledby="order-withdrawal"
      className={`rounded-card border p-6 ${received ? 'border-warning bg-warning-soft' : 'border-border bg-surface'}`}
    >
      <h2 id="order-withdrawal" className="flex items-center gap-2 text-lg font-semibold">
        <Undo2 className="size-5 text-brand-600" aria-hidden="true" />
        {received ? 'Widerruf eingegangen' : 'Widerrufsrecht'}
      </h2>
      {received ? (
        <div className="mt-2 space-y-1 text-sm">
          <p className="text-ink">
            Der Kunde hat den Vertrag zur Bestellung {order.number} am{' '}
            <time dateTime={received.receivedAt}>{formatDateTime(received.receivedAt)}</time> Uhr
            widerrufen ({[received.name, received.email].filter(Boolean).join(', ')}).
          </p>
          <p className="text-ink-muted">Umfasst: {received.lines.join(', ')}.</p>
          <p className="text-ink-muted">
            Die Eingangsbestätigung ist per E-Mail versandt. Erstatte die Zahlungen binnen 14 Tagen
            ab Eingang (§ 357 Abs. 1 BGB); die Rückgabe der Ware vereinbarst du mit dem Kunden.
          </p>
        </div>
      ) : (
        <div className="mt-2 space-y-2 text-sm">
          <ul className="space-y-1">
            {withdrawal.lines.map((line) => (
              <li key={line.itemId}>
                <span className="text-ink">{line.name}</span>:{' '}
                <span className="text-ink-muted">
                  {line.applies ? withdrawalLineLabels.applies : withdrawalLineLabels.excluded}
                </span>
              </li>
            ))}
          </ul>
          {withdrawal.lastDay && withdrawal.canWithdraw && (
            <p className="text-ink-muted">Widerrufsfrist bis {formatDate(withdrawal.lastDay)}.</p>
          )}
        </div>
      )}
    </section>
  )
}
