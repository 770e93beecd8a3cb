import { queryOptions } from '@tanstack/react-query'
import {
  fetchAccountOverview,
  fetchShopOrder,
  fetchShopOrders,
  fetchShopProfile,
} from './account.functions'

export const accountKey = ['shop', 'account'] as const

export const accountOverviewQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'overview'],
    queryFn: () => fetchAccountOverview(),
  })

export const shopOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: [...accountKey, 'orders', page],
    queryFn: () => fetchShopOrders({ data: { page } }),
  })

export const shopOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [...accountKey, 'order', id],
    queryFn: () => fetchShopOrder({ data: { id } }),
  })

export const shopProfileQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'profile'],
    queryFn: () => fetchShopProfile(),
  })
