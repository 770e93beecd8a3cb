import { createServerFn } from '@tanstack/react-start'
import { cartCount } from '~/server/cart/cart.server'
import { cartOfRequest } from '~/server/cart/cart-cookie.server'
import { optionallyAuthenticated } from '../../server-fn/auth.middleware'
import { requestIdOf } from '../../server-fn/errors.middleware'
import { noInput } from '../../server-fn/inputs'

/**
 * The header's cart figure, apart from the cart page's calls: the root route loads it on every
 * shop page, so only this one call joins every page's first load.
 */

export const fetchCartCount = createServerFn({ method: 'GET' })
  .middleware([optionallyAuthenticated])
  .validator(noInput)
  .handler(async ({ context }) => {
    const { shop, owner } = await cartOfRequest(context.actor, requestIdOf(context))
    return cartCount(context.db, shop, owner)
  })
