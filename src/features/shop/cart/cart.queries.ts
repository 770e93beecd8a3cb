import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { fetchCart } from './cart.functions'

/**
 * The cart page's data, by whose cart it is (the shop customer's id, or null for a guest): part
 * of the key, so a login or logout never shows the other's cart.
 */
export const cartQuery = (viewer: string | null) =>
  queryOptions({
    queryKey: ['shop-cart', viewer],
    queryFn: () => fetchCart(),
  })

/** The route's loader: every visit asks the server again, which recomputes prices and stock. */
export const loadCart = (queryClient: QueryClient, viewer: string | null) =>
  queryClient.fetchQuery({ ...cartQuery(viewer), staleTime: 0 })
