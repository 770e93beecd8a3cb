import { createServerFn } from '@tanstack/react-start'
import type { CancelHandoutInput, CreateHandoutInput } from '~/lib/handouts'
import {
  cancelHandout,
  createHandout,
  getMemberAllowance,
  listHandoutBatches,
  searchHandoutMembers,
} from '~/server/handouts/handouts.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, objectInput, passedOn, recordId, searchInput } from '../server-fn/inputs'

/**
 * The hand-out form's searches and the actions. Only components load these, never a route's
 * loader, so they stay out of the first page load (ADR 013). The validators check the input's
 * shape; the services parse it with the shared schemas.
 */

export const fetchHandoutMembers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(searchInput)
  .handler(async ({ data, context }) => searchHandoutMembers(context.actor, data.q, context.db))

export const fetchMemberAllowance = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(inputOf({ customerId: recordId }))
  .handler(async ({ data, context }) =>
    getMemberAllowance(context.actor, data.customerId, context.db),
  )

export const fetchHandoutBatches = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(
    inputOf({
      // No member chosen yet: the batches without a member's allowance.
      customerId: recordId.nullable().transform((id) => id || null),
    }),
  )
  .handler(async ({ data, context }) =>
    listHandoutBatches(context.actor, data.customerId, context.db),
  )

export const createHandoutFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<CreateHandoutInput>())
  .handler(async ({ data, context }) => createHandout(context.actor, data, context.db))

export const cancelHandoutFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, reason: passedOn<CancelHandoutInput['reason']>() }).transform(
      ({ id, reason }) => ({ id, cancel: { reason } }),
    ),
  )
  .handler(async ({ data, context }) =>
    cancelHandout(context.actor, data.id, data.cancel, context.db),
  )
