import { queryOptions } from '@tanstack/react-query'
import { fetchShopAddresses } from './addresses.functions'

export const shopAddressesKey = ['shop', 'addresses'] as const

export const shopAddressesQuery = () =>
  queryOptions({ queryKey: shopAddressesKey, queryFn: () => fetchShopAddresses() })
