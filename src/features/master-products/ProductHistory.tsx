import { History } from 'lucide-react'
import { formatDateTime, formatMoney } from '~/lib/format'
import { masterProductFieldLabels, type ProductHistoryEntry } from '~/lib/master-products'
import {
  type CannabinoidUnit,
  cannabinoidUnitLabels,
  countryLabel,
  type Dominance,
  dominanceLabels,
  formatDecimal,
  type Genetics,
  geneticsLabels,
  type PackUnit,
  type ProductCategory,
  type ProductStatus,
  packUnitLabels,
  productCategoryLabels,
  productStatusLabels,
  type SalesUnit,
  salesUnitLabels,
  type VatRate,
  vatRateLabels,
} from '~/lib/products'

/** A stored value of the audit log as a person reads it. */
function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–'
  switch (field) {
    case 'category':
      return productCategoryLabels[value as ProductCategory] ?? String(value)
    case 'genetics':
      return geneticsLabels[value as Genetics] ?? String(value)
    case 'dominance':
      return dominanceLabels[value as Dominance] ?? String(value)
    case 'cannabinoidUnit':
      return cannabinoidUnitLabels[value as CannabinoidUnit] ?? String(value)
    case 'packUnit':
      return packUnitLabels[value as PackUnit] ?? String(value)
    case 'status':
      return productStatusLabels[value as ProductStatus] ?? String(value)
    case 'countryOfCultivation':
      return countryLabel(String(value))
    case 'imageFileId':
      return 'Bild'
    case 'productId':
      return 'aus der Produktdatenbank'
    case 'priceCents':
      return typeof value === 'number' ? formatMoney(value) : String(value)
    case 'vatRate':
      return vatRateLabels[value as VatRate] ?? String(value)
    case 'salesUnit':
      return salesUnitLabels[value as SalesUnit] ?? String(value)
  }
  if (typeof value === 'boolean') return value ? 'ja' : 'nein'
  if (typeof value === 'number') return formatDecimal(value)
  if (Array.isArray(value)) return value.length ? value.join(', ') : '–'
  return String(value)
}

/** What changed: "Name: Alt → Neu"; a new image or description is named, not printed (the history and the import preview). */
export function ChangeLine({
  field,
  before,
  after,
  created,
  label,
}: {
  field: string
  before: unknown
  after: unknown
  created: boolean
  label: string
}) {
  let text: string
  if (field === 'imageFileId') {
    text = after ? (before || !created ? 'neues Bild' : 'Bild hinzugefügt') : 'Bild entfernt'
  } else if (field === 'description') {
    text = after ? (created ? 'eingetragen' : 'geändert') : 'entfernt'
  } else {
    text = created
      ? shownValue(field, after)
      : `${shownValue(field, before)} → ${shownValue(field, after)}`
  }
  return (
    <div>
      <dt className="inline text-ink-muted">{label}:</dt>{' '}
      <dd className="inline break-words text-ink">{text}</dd>
    </div>
  )
}

const masterActionLabels: Record<string, string> = { created: 'Angelegt', updated: 'Geändert' }

/**
 * The change history of a product from the audit log: who, when, what. A master product's by
 * default; an organisation's listing names its own actions and fields on top.
 */
export function ProductHistory({
  entries,
  actionLabels = masterActionLabels,
  fieldLabels = masterProductFieldLabels,
}: {
  entries: ProductHistoryEntry<string>[]
  actionLabels?: Record<string, string>
  fieldLabels?: Record<string, string>
}) {
  return (
    <section
      aria-labelledby="product-history-title"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="product-history-title" className="flex items-center gap-2 text-lg font-semibold">
        <History className="size-5 text-brand-600" aria-hidden="true" />
        Änderungsverlauf
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-ink-muted">Zu diesem Produkt ist noch keine Änderung erfasst.</p>
      ) : (
        <ol className="mt-4 space-y-5">
          {entries.map((entry) => (
            <li key={entry.id} className="border-l-2 border-brand-200 pl-4">
              <p className="text-sm">
                <strong className="text-ink">{actionLabels[entry.action] ?? entry.action}</strong>{' '}
                <span className="text-ink-muted">
                  von {entry.actorName ?? 'einem gelöschten Benutzer'} am{' '}
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </span>
              </p>
              {entry.changes.length > 0 && (
                <dl className="mt-2 space-y-1 text-sm">
                  {entry.changes.map((change) => (
                    <ChangeLine
                      key={change.field}
                      {...change}
                      label={fieldLabels[change.field] ?? change.field}
                      created={entry.action === 'created'}
                    />
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
