import type { SearchSchemaInput } from '@tanstack/react-router'
import { createFileRoute } from '@tanstack/react-router'
import { shopAreaHead } from '~/features/shell/page-head'
import { ConfiguratorPage } from '~/features/shop/configurator/ConfiguratorPage'
import { configuratorProductsQuery } from '~/features/shop/configurator/configurator.queries'
import { type ConfiguratorSearch, parseConfiguratorSearch } from '~/lib/prescription-search'

/**
 * `?produkt=<listing id>` opens the configurator with one of the pharmacy's products (the
 * catalogue's product pages link here); every other field has its param too (sharing).
 */
export const Route = createFileRoute('/_shop/rezeptkonfigurator')({
  validateSearch: (search: ConfiguratorSearch & SearchSchemaInput) =>
    parseConfiguratorSearch(search),
  loader: ({ context }) => context.queryClient.ensureQueryData(configuratorProductsQuery()),
  head: shopAreaHead('prescriptionConfigurator'),
  component: ConfiguratorPage,
})
