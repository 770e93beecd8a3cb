import { formatMoney } from '~/lib/format'
import { productCategoryLabels, productOptionLabel, salesUnitShortLabel } from '~/lib/products'
import type { OrderableProduct } from '~/lib/purchase-orders'
import { ProductCombobox } from '../ui/ProductCombobox'
import { orderableProductsQuery } from './purchase-order-forms.queries'

/**
 * Adds a line: a combobox over what the chosen supplier offers (its price list, or for an
 * external supplier the organisation's own products). Lines already in the order are left out.
 */
export function OrderableProductPicker({
  supplierId,
  platform,
  exclude,
  onPick,
  error,
}: {
  supplierId: string
  platform: boolean
  exclude: ReadonlySet<string>
  onPick: (product: OrderableProduct) => void
  error: string | null
}) {
  return (
    <ProductCombobox
      label="Produkt hinzufügen"
      listLabel="Produkte des Lieferanten"
      hint={
        platform
          ? 'Aus der Preisliste des Lieferanten, zu seinem Preis.'
          : 'Aus deinen eigenen Produkten; den Preis vereinbarst du mit dem Lieferanten.'
      }
      error={error}
      query={(search) => orderableProductsQuery(supplierId, search)}
      hidden={(product) => exclude.has(product.listingId)}
      optionKey={(product) => product.listingId}
      clearOnPick
      onPick={onPick}
      renderOption={(product) => (
        <>
          <span className="flex items-center justify-between gap-2">
            <span className="font-medium">{productOptionLabel(product)}</span>
            {platform && (
              <span className="whitespace-nowrap text-xs">
                {formatMoney(product.priceCents)} je {salesUnitShortLabel(product.salesUnit)}
              </span>
            )}
          </span>
          <span className="block text-xs text-ink-muted">
            {productCategoryLabels[product.category]}
          </span>
        </>
      )}
    />
  )
}
