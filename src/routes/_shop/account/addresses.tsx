import { createFileRoute } from '@tanstack/react-router'
import { shopCustomersOnly } from '~/features/session/guard'
import { shopAreaHead } from '~/features/shell/page-head'
import { AddressesPage } from '~/features/shop-accounts/addresses/AddressesPage'
import { shopAddressesQuery } from '~/features/shop-accounts/addresses/addresses.queries'

export const Route = createFileRoute('/_shop/account/addresses')({
  beforeLoad: shopCustomersOnly,
  loader: ({ context }) => context.queryClient.ensureQueryData(shopAddressesQuery()),
  head: shopAreaHead('accountAddresses'),
  component: AddressesPage,
})
