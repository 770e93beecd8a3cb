import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import type { CartChange } from '~/server/cart/cart.server'
import {
  acceptCartChanges,
  addToCart,
  getCart,
  removeCartItem,
  updateCartItem,
} from '~/server/cart/cart.server'
import { cartOfRequest, setGuestCartCookie } from '~/server/cart/cart-cookie.server'
import { clientIpOf } from '~/server/request-address.server'
import { optionallyAuthenticated } from '../../server-fn/auth.middleware'
import { requestIdOf } from '../../server-fn/errors.middleware'
import { noInput, objectInput } from '../../server-fn/inputs'

/**
 * The cart's calls: a shop customer's cart through the access token, a guest's through the
 * HttpOnly cookie (set here at the first addition). Business users have none (403).
 */

export const fetchCart = createServerFn({ method: 'GET' })
  .middleware([optionallyAuthenticated])
  .validator(noInput)
  .handler(async ({ context }) => {
    const { shop, owner } = await cartOfRequest(context.actor, requestIdOf(context))
    return getCart(context.db, shop, owner)
  })

export const addToCartFn = createServerFn({ method: 'POST' })
  .middleware([optionallyAuthenticated])
  .validator(objectInput<Record<string, unknown>>())
  .handler(async ({ data, context }): Promise<Pick<CartChange, 'count'>> => {
    const { app, shop, owner } = await cartOfRequest(context.actor, requestIdOf(context))
    const change = await addToCart(context.db, shop, owner, data, clientIpOf(getRequest()))
    if (change.newGuestToken) setGuestCartCookie(app, change.newGuestToken)
    return { count: change.count }
  })

export const updateCartItemFn = createServerFn({ method: 'POST' })
  .middleware([optionallyAuthenticated])
  .validator(objectInput<Record<string, unknown>>())
  .handler(async ({ data, context }) => {
    const { shop, owner } = await cartOfRequest(context.actor, requestIdOf(context))
    return updateCartItem(context.db, shop, owner, data)
  })

export const removeCartItemFn = createServerFn({ method: 'POST' })
  .middleware([optionallyAuthenticated])
  .validator(objectInput<Record<string, unknown>>())
  .handler(async ({ data, context }) => {
    const { shop, owner } = await cartOfRequest(context.actor, requestIdOf(context))
    return removeCartItem(context.db, shop, owner, data)
  })

export const acceptCartChangesFn = createServerFn({ method: 'POST' })
  .middleware([optionallyAuthenticated])
  .validator(noInput)
  .handler(async ({ context }) => {
    const { shop, owner } = await cartOfRequest(context.actor, requestIdOf(context))
    return acceptCartChanges(context.db, shop, owner)
  })
