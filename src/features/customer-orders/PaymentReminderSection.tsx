import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BellRing } from 'lucide-react'
import { formatDate, formatDateTime, formatMoney } from '~/lib/format'
import { ConfirmedActionButton } from '../ui/ConfirmedActionButton'
import { customerOrdersKey, paymentReminderQuery } from './customer-orders.queries'
import { sendPaymentReminderFn } from './payment-reminders.functions'

/**
 * An order's payment reminders (ADR 073): the invoice's due date, what is still open, the
 * reminders sent — and sending the next when the invoice is overdue and the interval has passed.
 * Nothing shows for an order whose invoice asks for no transfer.
 */
export function PaymentReminderSection({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient()
  const { data: state } = useQuery(paymentReminderQuery(orderId))
  if (!state) return null
  return (
    <section
      aria-labelledby="payment-reminders-title"
      className="rounded-card border border-border bg-surface p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="payment-reminders-title" className="text-lg font-semibold text-ink">
            Zahlungserinnerungen
          </h2>
          {state.invoiceNumber && state.dueDate && (
            <p className="mt-1 text-sm text-ink-muted">
              Rechnung {state.invoiceNumber}, fällig am {formatDate(state.dueDate)}
              {state.overdue && state.openCents > 0 && (
                <span className="font-medium text-danger">
                  {' '}
                  · überfällig, offen {formatMoney(state.openCents)}
                </span>
              )}
            </p>
          )}
        </div>
        {state.refusal === null ? (
          <ConfirmedActionButton
            action={{
              label: 'Zahlungserinnerung senden',
              title: 'Zahlungserinnerung senden?',
              description: `Der Kunde erhält per E-Mail eine freundliche Erinnerung an die Rechnung ${state.invoiceNumber} über ${formatMoney(state.openCents)} mit deiner Bankverbindung.`,
              variant: 'primary',
              done: 'Die Zahlungserinnerung ist versandt.',
            }}
            onConfirm={async () => {
              await sendPaymentReminderFn({ data: { id: orderId } })
              await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
            }}
          />
        ) : (
          state.overdue && <p className="max-w-sm text-sm text-ink-muted">{state.refusal}</p>
        )}
      </div>
      {state.reminders.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm">
          {state.reminders.map((reminder) => (
            <li key={reminder.sentAt} className="flex gap-2">
              <BellRing className="mt-0.5 size-4 shrink-0 text-ink-muted" aria-hidden="true" />
              <span>
                {formatDateTime(reminder.sentAt)}: {formatMoney(reminder.amountCents)} zur Rechnung{' '}
                {reminder.invoiceNumber} an {reminder.sentTo}
                {reminder.sentByName && ` (${reminder.sentByName})`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">Noch keine Erinnerung gesendet.</p>
      )}
    </section>
  )
}
