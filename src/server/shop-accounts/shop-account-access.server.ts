import { shopForbiddenMessage } from '../../lib/access-rules'
import type { Actor, ShopActor } from '../actor.server'
import { ForbiddenError } from '../errors.server'

/**
 * The account pages' services serve the logged-in shop customer only: business users (the guard
 * sends them to the back-office), visitors and the platform's jobs get 403.
 */
export function shopCustomerOf(actor: Actor | null): ShopActor {
  if (actor?.kind !== 'shop') throw new ForbiddenError(shopForbiddenMessage)
  return actor
}
