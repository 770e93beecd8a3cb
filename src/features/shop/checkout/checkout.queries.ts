import { queryOptions } from '@tanstack/react-query'
import { fetchCheckout, fetchShopOrderConfirmation } from './checkout.functions'

export const checkoutKey = ['shop', 'checkout'] as const

/** Prices and availability change: the checkout reads the cart afresh every time it opens. */
export const checkoutQuery = () =>
  queryOptions({ queryKey: [...checkoutKey, 'view'], queryFn: () => fetchCheckout(), staleTime: 0 })

export const shopOrderConfirmationQuery = (id: string) =>
  queryOptions({
    queryKey: [...checkoutKey, 'order', id],
    queryFn: () => fetchShopOrderConfirmation({ data: { id } }),
  })
