import { formatCount } from '~/lib/format'
import {
  type FoundShop,
  formatDistance,
  type ShopFinderResult,
  type ShopReach,
} from '~/lib/shop-finder'
import { MapPinIcon } from '../shell/icons'
import { PageLinks } from '../ui/PageLinks'
import { SearchIcon } from './home-icons'

const reachLabels: Record<ShopReach, string> = {
  courier: 'Liefert mit Botendienst zu Ihnen',
  pickup: 'Abholung in der Apotheke',
  shipping: 'Versand',
}

/** How the shop reaches the searched place, and how far it is: "Abholung in der Apotheke · ca. 3 km". */
function reachText(shop: FoundShop): string | null {
  const parts = [
    shop.reach && reachLabels[shop.reach],
    shop.distanceKm !== null && formatDistance(shop.distanceKm),
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : null
}

function summary(q: string, result: ShopFinderResult): string {
  if (result.total === 0)
    return q ? `Keine Apotheke gefunden für „${q}“.` : 'Noch keine Apotheke mit Online-Shop.'
  const count = `${formatCount(result.total)} ${result.total === 1 ? 'Apotheke' : 'Apotheken'}`
  if (result.place) return `${count} für „${q}“, nach Nähe zu ${result.place}`
  return `${count}${q ? ` für „${q}“` : ''}`
}

/**
 * Finds a pharmacy's shop by name, city or postal code; a postcode or a town ranks the shops by
 * how they reach it (ADR 078). A plain GET form (`/?q=…`): it works before the page hydrates and
 * without JavaScript, and a search is a link.
 */
export function ShopFinder({ q, result }: { q: string; result: ShopFinderResult }) {
  return (
    <section aria-labelledby="shop-finder-title" className="mx-auto max-w-6xl px-page py-16">
      <h2 id="shop-finder-title" className="text-2xl font-semibold text-ink">
        Apotheke mit Online-Shop finden
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">
        Suchen Sie nach dem Namen der Apotheke, der Stadt oder der Postleitzahl.
      </p>
      <search className="mt-6 block max-w-xl">
        <form method="get" action="/" className="flex gap-2">
          <label htmlFor="shop-finder-q" className="sr-only">
            Name, Stadt oder Postleitzahl
          </label>
          <input
            id="shop-finder-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            aria-invalid={result.problem ? true : undefined}
            aria-describedby={result.problem ? 'shop-finder-problem' : undefined}
            placeholder="z. B. Berlin oder 14467"
            className="min-w-0 flex-1 rounded-lg border border-border bg-white px-3 py-2"
          />
          <button
            type="submit"
            className="flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            <SearchIcon className="size-4" />
            Suchen
          </button>
        </form>
      </search>
      <p
        id={result.problem ? 'shop-finder-problem' : undefined}
        className={`mt-6 text-sm ${result.problem ? 'font-medium text-danger' : 'text-ink-muted'}`}
        aria-live="polite"
      >
        {result.problem ?? summary(q, result)}
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {result.items.map((shop) => (
          <li key={shop.slug} className="rounded-card border border-border bg-white p-5">
            <h3 className="font-semibold text-ink">
              <a href={shop.origin} className="hover:underline">
                {shop.name}
              </a>
            </h3>
            <p className="mt-2 flex items-start gap-2 text-sm text-ink-muted">
              <MapPinIcon className="mt-0.5 size-4 shrink-0" />
              <span>
                {shop.street}
                {shop.street && <br />}
                {shop.postalCode} {shop.city}
              </span>
            </p>
            {reachText(shop) && <p className="mt-2 text-sm text-ink">{reachText(shop)}</p>}
            <p className="mt-3 text-sm">
              <a href={shop.origin} className="font-medium text-brand-700 hover:underline">
                Zum Shop <span className="sr-only">von {shop.name}</span>→
              </a>
            </p>
          </li>
        ))}
      </ul>
      <PageLinks
        page={result.page}
        total={result.total}
        pageSize={result.pageSize}
        label="Seiten der Trefferliste"
      />
      <p className="mt-8 text-xs text-ink-muted">
        Orte und Entfernungen:{' '}
        <a href="https://www.geonames.org/" className="underline">
          GeoNames
        </a>{' '}
        (
        <a href="https://creativecommons.org/licenses/by/4.0/deed.de" className="underline">
          CC BY 4.0
        </a>
        ), Entfernungen zwischen den Ortsmitten der Postleitzahlen.
      </p>
    </section>
  )
}
