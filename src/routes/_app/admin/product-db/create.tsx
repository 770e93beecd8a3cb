import { createFileRoute } from '@tanstack/react-router'
import { MasterProductCreatePage } from '~/features/master-products/MasterProductCreatePage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/admin/product-db/create')({
  head: areaHead('masterProductCreate'),
  component: MasterProductCreatePage,
})
