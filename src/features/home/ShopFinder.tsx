import { MapPin, Search } from 'lucide-react'
import { formatCount } from '~/lib/format'
import type { ListResult } from '~/lib/list-query'
import type { FoundShop } from '~/lib/shop-finder'
import { PageLinks } from '../ui/PageLinks'

/**
 * Finds a pharmacy's shop by name, city or postal code. A plain GET form (`/?q=…`): it works
 * before the page hydrates and without JavaScript, and a search is a link.
 */
export function ShopFinder({ q, result }: { q: string; result: ListResult<FoundShop> }) {
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
            placeholder="z. B. Berlin oder 14467"
            className="min-w-0 flex-1 rounded-lg border border-border bg-white px-3 py-2"
          />
          <button
            type="submit"
            className="flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            <Search className="size-4" aria-hidden="true" />
            Suchen
          </button>
        </form>
      </search>
      <p className="mt-6 text-sm text-ink-muted" aria-live="polite">
        {result.total === 0
          ? q
            ? `Keine Apotheke gefunden für „${q}“.`
            : 'Noch keine Apotheke mit Online-Shop.'
          : `${formatCount(result.total)} ${result.total === 1 ? 'Apotheke' : 'Apotheken'}${q ? ` für „${q}“` : ''}`}
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
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {shop.street}
                {shop.street && <br />}
                {shop.postalCode} {shop.city}
              </span>
            </p>
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
    </section>
  )
}
