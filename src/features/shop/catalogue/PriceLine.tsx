import { Link } from '@tanstack/react-router'
import { formatMoney } from '~/lib/format'
import { packUnitLabels } from '~/lib/product-display'
import type { CatalogueItem } from '~/lib/shop-catalogue'
import { salesUnitPhrase } from './catalogue-wording'

/** The gross price per sales unit and, for a pack, per g or ml (PAngV); or where to see it. */
export function PriceLine({ item, loginRedirect }: { item: CatalogueItem; loginRedirect: string }) {
  if (!item.price) {
    return (
      <p className="text-sm text-ink-muted">
        Preise sehen Sie nach der{' '}
        <Link
          to="/login"
          search={{ redirect: loginRedirect }}
          className="font-medium text-brand-700 underline"
        >
          Anmeldung
        </Link>
        .
      </p>
    )
  }
  const unit = packUnitLabels[item.packUnit]
  return (
    <p className="text-sm text-ink">
      <span className="text-lg font-semibold">{formatMoney(item.price.grossCents)}</span>{' '}
      {salesUnitPhrase(item)}
      {item.salesUnit === 'pack' && (
        <span className="block text-ink-muted">
          {formatMoney(item.price.unitPriceCents)} je {unit}
        </span>
      )}
    </p>
  )
}
