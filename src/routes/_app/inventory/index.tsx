import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { areaHead } from '~/features/shell/back-office-head'
import { StockPage } from '~/features/stock/StockPage'
import { stockQuery } from '~/features/stock/stock.queries'
import { listSearchDefaults } from '~/lib/list-query'
import { stockListSearch } from '~/lib/stock-lists'

export const Route = createFileRoute('/_app/inventory/')({
  validateSearch: stockListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(stockListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(stockQuery(deps)),
  head: areaHead('stock'),
  component: StockPage,
})
