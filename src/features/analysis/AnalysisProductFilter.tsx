import { X } from 'lucide-react'
import type { AnalysisProduct } from '~/lib/analysis'
import { maxAnalysisProducts } from '~/lib/analysis-search'
import type { ProductCategory } from '~/lib/product-lists'
import { productOptionLabel } from '~/lib/products'
import { useListNavigation } from '../ui/DataTable'
import { ProductCombobox } from '../ui/ProductCombobox'
import { analysisProductsQuery } from './analysis.queries'

/**
 * Narrows `/analyse` to some of the organisation's products: chosen from a search, each named as
 * pickers name it (pack size and PZN tell two of one name apart), removed one by one. The choice
 * is the URL's `products`, so a narrowed analysis is a link.
 */
export function AnalysisProductFilter({
  chosen,
  organisation,
  category,
}: {
  chosen: readonly AnalysisProduct[]
  /** The admin's chosen organisation; owners search their own. */
  organisation: string | undefined
  category: ProductCategory | null
}) {
  const updateSearch = useListNavigation()
  const choose = (listingIds: string[]) =>
    updateSearch({ products: listingIds.length > 0 ? listingIds : undefined })
  const ids = chosen.map((product) => product.listingId)
  const full = ids.length >= maxAnalysisProducts
  return (
    <div className="w-80 max-w-full">
      <ProductCombobox
        label="Produkte"
        listLabel="Produkte der Organisation"
        hint={
          full
            ? `Höchstens ${maxAnalysisProducts} Produkte auf einmal.`
            : 'Ohne Wahl zählen alle Produkte.'
        }
        error={null}
        query={analysisProductsQuery({ organisation, category: category ?? undefined })}
        hidden={(product) => ids.includes(product.listingId)}
        disabled={() => full}
        optionKey={(product) => product.listingId}
        renderOption={(product) => productOptionLabel(product)}
        clearOnPick
        onPick={(product) => choose([...ids, product.listingId])}
      />
      {chosen.length > 0 && (
        <ul aria-label="Gewählte Produkte" className="mt-2 flex flex-wrap gap-2">
          {chosen.map((product) => {
            const label = productOptionLabel(product)
            return (
              <li
                key={product.listingId}
                className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-muted py-0.5 pr-1 pl-3 text-sm text-ink"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
                <button
                  type="button"
                  onClick={() => choose(ids.filter((id) => id !== product.listingId))}
                  className="rounded-full p-0.5 text-ink-muted hover:bg-surface hover:text-ink"
                  aria-label={`${label} entfernen`}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
