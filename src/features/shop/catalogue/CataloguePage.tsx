import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import {
  type CatalogueCategory,
  type CatalogueSearch,
  catalogueListPaths,
  cataloguePageSize,
  isCatalogueFiltered,
} from '~/lib/shop-catalogue'
import { useSession } from '../../session/use-session'
import { shellIcon } from '../../shell/icons'
import { buttonClass } from '../../ui/buttons'
import { EmptyState } from '../../ui/EmptyState'
import { PageHeader } from '../../ui/PageHeader'
import { PageLinks } from '../../ui/PageLinks'
import { LeafIcon } from '../../ui/page-icons'
import { CatalogueCard } from './CatalogueCard'
import { CatalogueFilters } from './CatalogueFilters'
import { catalogueQuery } from './catalogue.queries'
import { catalogueViewerOf } from './catalogue-keys'
import { catalogueWords } from './catalogue-words'

// The catalogue's own icons, drawn as lucide draws them (ADR 029); shared ones are in page-icons.
const FlaskConicalIcon = shellIcon(
  <>
    <path d="M14 2v6a2 2 0 0 0 .245.96l5.51 10.08A2 2 0 0 1 18 22H6a2 2 0 0 1-1.755-2.96l5.51-10.08A2 2 0 0 0 10 8V2" />
    <path d="M6.453 15h11.094" />
    <path d="M8.5 2h7" />
  </>,
)
const SlidersHorizontalIcon = shellIcon(
  <path d="M10 5H3M12 19H3M14 3v4M16 17v4M21 12h-9M21 19h-5M21 5h-7M8 10v4M8 12H3" />,
)

/** `/blueten`, `/extrakte`: the shop's products of a category, filtered by the URL's search. */
export function CataloguePage({
  category,
  search,
}: {
  category: CatalogueCategory
  search: CatalogueSearch
}) {
  const viewer = catalogueViewerOf(useSession())
  const { data } = useSuspenseQuery(catalogueQuery({ category, search }, viewer))
  const location = useLocation()
  const words = catalogueWords[category]
  const filtered = isCatalogueFiltered(data.search)
  const loginRedirect = location.href
  return (
    <>
      <PageHeader title={words.title} description={words.description} />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        {/* One form for every width: folded away on a phone, always open beside the list from lg. */}
        <details className="rounded-card border border-border bg-surface p-4 lg:self-start lg:[&::details-content]:[content-visibility:visible] lg:[&::details-content]:block">
          <summary className="flex cursor-pointer items-center gap-2 font-semibold lg:hidden">
            <SlidersHorizontalIcon className="size-4" aria-hidden="true" />
            Suche, Filter und Sortierung
          </summary>
          <div className="mt-4 lg:mt-0">
            <CatalogueFilters category={category} data={data} />
          </div>
        </details>
        <section aria-labelledby="catalogue-results" className="min-w-0">
          <h2 id="catalogue-results" className="sr-only">
            Ergebnisse
          </h2>
          <p role="status" className="mb-4 text-sm text-ink-muted">
            {data.total === 1 ? `1 ${words.one}` : `${data.total} ${words.many}`}
            {data.pageCount > 1 && `, Seite ${data.page} von ${data.pageCount}`}
          </p>
          {data.items.length === 0 ? (
            <EmptyState
              icon={category === 'flower' ? LeafIcon : FlaskConicalIcon}
              title={filtered ? 'Keine Treffer' : words.emptyTitle}
              action={
                filtered ? (
                  <Link
                    to={catalogueListPaths[category]}
                    search={{} as never}
                    className={buttonClass('secondary')}
                  >
                    Filter zurücksetzen
                  </Link>
                ) : undefined
              }
            >
              {filtered ? 'Zu Ihren Filtern passt derzeit kein Produkt.' : words.emptyText}
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {data.items.map((item) => (
                <li key={item.id} className="flex">
                  <CatalogueCard category={category} item={item} loginRedirect={loginRedirect} />
                </li>
              ))}
            </ul>
          )}
          <PageLinks page={data.page} total={data.total} pageSize={cataloguePageSize} />
        </section>
      </div>
    </>
  )
}
