import { Check } from 'lucide-react'
import type { MasterProductPick } from '~/lib/organisation-products'
import { productCategoryLabels, productOptionLabel } from '~/lib/products'
import { ProductCombobox } from '../ui/ProductCombobox'
import { masterProductPicksQuery } from './products.queries'

/**
 * The take-over typeahead: a combobox over the active master products (name, PZN, cultivar).
 * Products the organisation lists already are shown, marked, and cannot be chosen.
 */
export function MasterProductPicker({
  onPick,
  error,
}: {
  onPick: (pick: MasterProductPick) => void
  error: string | null
}) {
  return (
    <ProductCombobox
      label="Produkt aus der Produktdatenbank"
      listLabel="Treffer in der Produktdatenbank"
      hint="Zurückgezogene Produkte werden nicht angeboten; bereits geführte sind markiert."
      error={error}
      query={masterProductPicksQuery}
      disabled={(pick) => pick.listed}
      optionKey={(pick) => pick.id}
      onPick={onPick}
      renderOption={(pick) => (
        <>
          <span className="flex items-center justify-between gap-2">
            <span className="font-medium">{productOptionLabel(pick)}</span>
            {pick.listed && (
              <span className="inline-flex items-center gap-1 text-xs">
                <Check className="size-3.5" aria-hidden="true" />
                bereits in deiner Liste
              </span>
            )}
          </span>
          <span className="block text-xs text-ink-muted">
            {[productCategoryLabels[pick.category], pick.cultivar, pick.manufacturer]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </>
      )}
    />
  )
}
