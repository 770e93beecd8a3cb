import { createFileRoute } from '@tanstack/react-router'
import { ProductCreatePage } from '~/features/products/ProductCreatePage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/products/create')({
  head: areaHead('productCreate'),
  component: ProductCreatePage,
})
