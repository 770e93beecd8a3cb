import { redirect } from '@tanstack/react-router'
import { decideAccess, forbiddenMessage, shopForbiddenMessage } from '~/lib/access-rules'
import { accessTenantOf, type TenantInfo } from '../tenant/tenant'
import { accessSessionOf, type SessionStore } from './session-store'

/** Thrown by a guard when the user may not see the page; rendered as the 403 page with status 403. */
export class AccessDeniedError extends Error {
  readonly status = 403
  constructor() {
    super(forbiddenMessage)
    this.name = 'AccessDeniedError'
  }
}

/** Also true for an error that crossed from the server render (it arrives as a plain Error). */
export const isAccessDenied = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'AccessDeniedError' ||
    error.message === forbiddenMessage ||
    error.message === shopForbiddenMessage)

/** The layouts' `beforeLoad`: applies the access rules to the page about to open. */
export function guardAccess({
  context,
  location,
}: {
  context: { session: SessionStore; tenant: TenantInfo | null }
  location: { href: string }
}): void {
  const decision = decideAccess(
    location.href,
    accessSessionOf(context.session.state),
    accessTenantOf(context.tenant),
  )
  if (decision.kind === 'redirect') throw redirect({ href: decision.to })
  if (decision.kind === 'forbidden') throw new AccessDeniedError()
}

/**
 * `beforeLoad` of the checkout and the customer account: the access rules let a business user in
 * (specification), but these pages serve shop customers only, so the business user is sent to the
 * back-office. The services refuse business users as well.
 */
export function shopCustomersOnly({ context }: { context: { session: SessionStore } }): void {
  if (context.session.state.accountType === 'b2b') throw redirect({ to: '/dashboard' })
}
