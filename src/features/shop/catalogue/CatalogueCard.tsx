import { Link } from '@tanstack/react-router'
import { formatPackSize } from '~/lib/product-display'
import type { CatalogueCategory, CatalogueItem } from '~/lib/shop-catalogue'
import { AvailabilityBadge } from './AvailabilityBadge'
import { cannabinoid, geneticsText, mainTerpenes } from './catalogue-wording'
import { PackPhoto } from './PackPhoto'
import { PriceLine } from './PriceLine'

/** The product page of a listing, by category. */
export function ProductLink({
  category,
  item,
  className,
}: {
  category: CatalogueCategory
  item: CatalogueItem
  className?: string
}) {
  const params = { id: item.id }
  // The same product may be sold loose and in packs, or in two pack sizes: the size tells them apart.
  const label = (
    <>
      {item.name}
      {item.salesUnit === 'pack' && (
        <span className="font-normal text-ink-muted">
          {' '}
          · {formatPackSize(item.packBaseUnits, item.packUnit)}
        </span>
      )}
    </>
  )
  return category === 'flower' ? (
    <Link to="/blueten/$id" params={params} className={className}>
      {label}
    </Link>
  ) : (
    <Link to="/extrakte/$id" params={params} className={className}>
      {label}
    </Link>
  )
}

/**
 * One product of the list: facts, price and availability, nothing that advertises (HWG § 10). The
 * heading's link opens the product page; the rest is plain text a screen reader reads in order.
 */
export function CatalogueCard({
  category,
  item,
  headingLevel = 2,
  loginRedirect,
}: {
  category: CatalogueCategory
  item: CatalogueItem
  headingLevel?: 2 | 3
  loginRedirect: string
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const genetics = geneticsText(item)
  const terpenes = mainTerpenes(item)
  return (
    <article className="flex w-full flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <Heading className="text-base font-semibold leading-snug text-ink">
            <ProductLink
              category={category}
              item={item}
              className="hover:text-brand-700 hover:underline"
            />
          </Heading>
          <p className="mt-0.5 text-sm text-ink-muted">
            {[item.cultivar, item.producer].filter(Boolean).join(' · ')}
          </p>
        </div>
        <PackPhoto fileId={item.packPhotoId} name={item.name} lazy className="size-24" />
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">THC</dt>
        <dd className="tabular-nums">{cannabinoid(item.thc, item)}</dd>
        <dt className="text-ink-muted">CBD</dt>
        <dd className="tabular-nums">{cannabinoid(item.cbd, item)}</dd>
        {genetics && (
          <>
            <dt className="text-ink-muted">Genetik</dt>
            <dd>{genetics}</dd>
          </>
        )}
        {terpenes.length > 0 && (
          <>
            <dt className="text-ink-muted">Terpene</dt>
            <dd>{terpenes.join(', ')}</dd>
          </>
        )}
        <dt className="text-ink-muted">Bestrahlt</dt>
        <dd>{item.irradiated ? 'ja' : 'nein'}</dd>
      </dl>
      <p className="text-xs text-ink-muted">
        {item.measured
          ? 'Gehalte laut Analysezertifikat der aktuellen Charge.'
          : 'Gehalte sind Nennwerte des Herstellers.'}
      </p>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-border pt-3">
        <PriceLine item={item} loginRedirect={loginRedirect} />
        <AvailabilityBadge item={item} />
      </div>
    </article>
  )
}
