import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { InventoryPage } from '~/features/inventory/InventoryPage'
import { inventoryQuery } from '~/features/inventory/inventory.queries'
import { areaHead } from '~/features/shell/page-head'
import { inventoryListSearch } from '~/lib/inventory'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/inventory/')({
  validateSearch: inventoryListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(inventoryListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(inventoryQuery(deps)),
  head: areaHead('inventory'),
  component: InventoryPage,
})
