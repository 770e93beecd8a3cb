import { createFileRoute } from '@tanstack/react-router'
import { CatalogueProductPage } from '~/features/shop/catalogue/CatalogueProductPage'
import { loadCatalogueProduct } from '~/features/shop/catalogue/catalogue.queries'
import { catalogueProductHead } from '~/features/shop/catalogue/catalogue-head'

export const Route = createFileRoute('/_shop/blueten/$id')({
  loader: ({ context, params }) => loadCatalogueProduct(context, 'flower', params.id),
  head: catalogueProductHead('flower'),
  component: function FlowerPage() {
    return <CatalogueProductPage category="flower" id={Route.useParams().id} />
  },
})
