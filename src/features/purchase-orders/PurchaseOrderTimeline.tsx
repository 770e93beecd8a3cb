import { History } from 'lucide-react'
import { formatDateTime, formatMoney } from '~/lib/format'
import {
  type PurchaseOrderHistoryEntry,
  type PurchaseOrderStatus,
  purchaseOrderFieldLabels,
  purchaseOrderHistoryLabels,
  purchaseOrderStatusLabels,
} from '~/lib/purchase-orders'

/** A value of the audit log as a person reads it. */
function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–'
  if (field === 'status') return purchaseOrderStatusLabels[value as PurchaseOrderStatus]
  if (field.endsWith('Cents') && typeof value === 'number') return formatMoney(value)
  if (Array.isArray(value)) return value.length ? value.join('; ') : '–'
  return String(value)
}

/** What happened to a purchase order, newest first: who, when, what changed. */
export function PurchaseOrderTimeline({ entries }: { entries: PurchaseOrderHistoryEntry[] }) {
  return (
    <section
      aria-labelledby="purchase-order-timeline"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="purchase-order-timeline" className="flex items-center gap-2 text-lg font-semibold">
        <History className="size-5 text-brand-600" aria-hidden="true" />
        Verlauf
      </h2>
      <ol className="mt-4 space-y-5">
        {entries.map((entry) => (
          <li key={entry.id} className="border-l-2 border-brand-200 pl-4">
            <p className="text-sm">
              <strong className="text-ink">{purchaseOrderHistoryLabels[entry.action]}</strong>{' '}
              <span className="text-ink-muted">
                von {entry.actorName ?? 'einem gelöschten Benutzer'} am{' '}
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </span>
            </p>
            {entry.changes.length > 0 && (
              <dl className="mt-2 space-y-1 text-sm">
                {entry.changes
                  .filter((change) => change.field !== 'supplierId')
                  .map((change) => (
                    <div key={change.field}>
                      <dt className="inline text-ink-muted">
                        {purchaseOrderFieldLabels[change.field] ?? change.field}:
                      </dt>{' '}
                      <dd className="inline break-words text-ink">
                        {entry.action === 'created' || change.field === 'receipts'
                          ? shownValue(change.field, change.after)
                          : `${shownValue(change.field, change.before)} → ${shownValue(change.field, change.after)}`}
                      </dd>
                    </div>
                  ))}
              </dl>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
