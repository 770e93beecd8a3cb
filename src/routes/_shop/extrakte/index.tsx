import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { CataloguePage } from '~/features/shop/catalogue/CataloguePage'
import { loadCatalogue } from '~/features/shop/catalogue/catalogue.queries'
import { catalogueListHead } from '~/features/shop/catalogue/catalogue-head'
import { catalogueSearchDefaults, validateCatalogueSearch } from '~/lib/shop-catalogue'

export const Route = createFileRoute('/_shop/extrakte/')({
  validateSearch: validateCatalogueSearch,
  search: { middlewares: [stripSearchParams(catalogueSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadCatalogue(context, 'extract', deps),
  head: catalogueListHead('extract'),
  component: function ExtractsPage() {
    return <CataloguePage category="extract" search={Route.useSearch()} />
  },
})
