import { createFileRoute } from '@tanstack/react-router'
import { CatalogueProductPage } from '~/features/shop/catalogue/CatalogueProductPage'
import { loadCatalogueProduct } from '~/features/shop/catalogue/catalogue.queries'
import { catalogueProductHead } from '~/features/shop/catalogue/catalogue-head'

export const Route = createFileRoute('/_shop/extrakte/$id')({
  loader: ({ context, params }) => loadCatalogueProduct(context, 'extract', params.id),
  head: catalogueProductHead('extract'),
  component: function ExtractPage() {
    return <CatalogueProductPage category="extract" id={Route.useParams().id} />
  },
})
