import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { formatDate } from '~/lib/format'
import { formatPackSize, vatRateLabels } from '~/lib/product-display'
import {
  type CatalogueCategory,
  type CatalogueProduct,
  catalogueListPaths,
} from '~/lib/shop-catalogue'
import { ProductFactsSummary } from '../../products/ProductFactsSummary'
import { useSession } from '../../session/use-session'
import { buttonClass } from '../../ui/buttons'
import { FactList } from '../../ui/FactList'
import { BackLink, PageHeader } from '../../ui/PageHeader'
import { ClipboardListIcon, FileTextIcon } from '../../ui/page-icons'
import { StatusBadge } from '../../ui/StatusBadge'
import { AddToCart } from '../cart/AddToCart'
import { AvailabilityBadge } from './AvailabilityBadge'
import { catalogueProductQuery } from './catalogue.queries'
import { catalogueViewerOf } from './catalogue-keys'
import { cannabinoid, salesUnitPhrase } from './catalogue-wording'
import { catalogueWords } from './catalogue-words'
import { PackPhoto } from './PackPhoto'
import { PriceLine } from './PriceLine'

/** In which steps and amounts the pharmacy dispenses it, in sales units. */
function orderRules(product: CatalogueProduct): [string, string][] {
  const amount = (quantity: number) =>
    product.salesUnit === 'gram'
      ? `${quantity} g`
      : `${quantity} ${quantity === 1 ? 'Packung' : 'Packungen'}`
  const rows: [string, string][] = [
    [
      'Abgabe',
      product.salesUnit === 'gram'
        ? 'lose, nach Gewicht'
        : `je Packung (${formatPackSize(product.packBaseUnits, product.packUnit)})`,
    ],
  ]
  if (product.orderStep > 1) rows.push(['Menge in Schritten von', amount(product.orderStep)])
  if (product.minOrderQuantity !== null)
    rows.push(['Mindestmenge', amount(product.minOrderQuantity)])
  if (product.maxOrderQuantity !== null)
    rows.push(['Höchstmenge', amount(product.maxOrderQuantity)])
  return rows
}

function CurrentBatch({ product }: { product: CatalogueProduct }) {
  const batch = product.currentBatch
  if (!batch) {
    return (
      <p className="text-sm text-ink-muted">
        Derzeit ist keine Charge vorrätig. Angegeben sind die Nennwerte des Herstellers.
      </p>
    )
  }
  const rows: [string, string][] = [
    ['THC', cannabinoid(batch.thc, product)],
    ['CBD', cannabinoid(batch.cbd, product)],
  ]
  if (batch.expiryDate) rows.push(['Verwendbar bis', formatDate(batch.expiryDate)])
  return (
    <>
      <FactList rows={rows} />
      <p className="mt-2 text-xs text-ink-muted">
        Gemessene Gehalte laut Analysezertifikat der Charge, die wir derzeit abgeben.
      </p>
    </>
  )
}

/** `/blueten/$id`, `/extrakte/$id`: every fact of a product, its price and availability. */
export function CatalogueProductPage({
  category,
  id,
}: {
  category: CatalogueCategory
  id: string
}) {
  const viewer = catalogueViewerOf(useSession())
  const { data: product } = useSuspenseQuery(catalogueProductQuery(category, id, viewer))
  const location = useLocation()
  const words = catalogueWords[category]
  return (
    <>
      <PageHeader
        title={product.name}
        description={[product.cultivar, product.producer].filter(Boolean).join(' · ')}
        back={<BackLink to={catalogueListPaths[category]}>{words.title}</BackLink>}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <section
            aria-labelledby="product-facts"
            className="rounded-card border border-border bg-surface p-5"
          >
            <h2 id="product-facts" className="mb-3 text-lg font-semibold">
              Produktdaten
            </h2>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <PackPhoto fileId={product.packPhotoId} name={product.name} className="size-48" />
              <div className="min-w-0 flex-1">
                <ProductFactsSummary
                  facts={{
                    pzn: product.pzn,
                    manufacturer: product.producer,
                    brand: product.brand,
                    category: product.category,
                    cultivar: product.cultivar,
                    genetics: product.genetics,
                    dominance: product.dominance,
                    thcContent: product.nominalThc,
                    cbdContent: product.nominalCbd,
                    cannabinoidUnit: product.cannabinoidUnit,
                    terpenes: product.terpenes,
                    irradiated: product.irradiated,
                    countryOfCultivation: product.countryOfCultivation,
                    packBaseUnits: product.packBaseUnits,
                    packUnit: product.packUnit,
                  }}
                />
                <p className="mt-2 text-xs text-ink-muted">
                  THC und CBD hier: Nennwerte des Herstellers.
                </p>
              </div>
            </div>
          </section>
          <section
            aria-labelledby="product-batch"
            className="rounded-card border border-border bg-surface p-5"
          >
            <h2 id="product-batch" className="mb-3 text-lg font-semibold">
              Aktuelle Charge
            </h2>
            <CurrentBatch product={product} />
          </section>
        </div>
        <aside
          aria-label="Preis und Verfügbarkeit"
          className="order-first space-y-4 lg:order-none lg:self-start"
        >
          <div className="space-y-4 rounded-card border border-border bg-surface p-5">
            {product.prescriptionRequired && (
              <StatusBadge tone="info">
                <FileTextIcon className="size-3.5" aria-hidden="true" />
                Rezept erforderlich
              </StatusBadge>
            )}
            <PriceLine item={product} loginRedirect={location.href} />
            {product.price && (
              <p className="text-xs text-ink-muted">
                inkl. {vatRateLabels[product.vatRate]} MwSt. Preis {salesUnitPhrase(product)}.
              </p>
            )}
            <div>
              <AvailabilityBadge item={product} />
            </div>
            <FactList rows={orderRules(product)} />
            <AddToCart product={product} />
            <Link
              to="/rezeptkonfigurator"
              search={{ produkt: product.id }}
              className={buttonClass('secondary', 'w-full')}
            >
              <ClipboardListIcon className="size-4" aria-hidden="true" />
              Im Rezeptkonfigurator verwenden
            </Link>
          </div>
        </aside>
      </div>
    </>
  )
}
