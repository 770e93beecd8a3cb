import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import { LandingPage } from '~/features/home/LandingPage'
import { OrganisationHomePage } from '~/features/home/OrganisationHomePage'
import { fetchShops } from '~/features/home/shop-finder.functions'
import { listSearchDefaults } from '~/lib/list-query'
import { shopFinderSearch } from '~/lib/shop-finder'

export const Route = createFileRoute('/_empty/')({
  validateSearch: shopFinderSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(shopFinderSearch))] },
  // A shop's own address opens its shop; the product's landing page is for the main domain.
  beforeLoad: ({ context }) => {
    if (context.tenant?.hasShop) throw redirect({ to: '/shop' })
  },
  loaderDeps: ({ search }) => search,
  // The shop finder belongs to the main domain; a tenant host shows its organisation instead.
  loader: ({ context, deps }) => (context.tenant ? null : fetchShops({ data: deps })),
  head: ({ match }) => ({
    meta: [
      {
        title:
          match.context.hostOrganisation?.name ?? 'Blattwerk – Plattform für den Cannabis-Handel',
      },
    ],
  }),
  component: StartPage,
})

/** The main domain's landing page, or the organisation's own page on its host (a club's). */
function StartPage() {
  const { hostOrganisation } = Route.useRouteContext()
  const shops = Route.useLoaderData()
  const { q } = Route.useSearch()
  if (hostOrganisation) return <OrganisationHomePage organisation={hostOrganisation} />
  return shops ? <LandingPage q={q} shops={shops} /> : null
}
