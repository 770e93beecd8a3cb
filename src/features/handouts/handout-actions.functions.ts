import { createServerFn } from '@tanstack/react-start'
import type { CancelHandOutInput, CreateHandOutInput } from '~/lib/handouts'
import {
  cancelHandOut,
  createHandOut,
  getMemberAllowance,
  listHandOutBatches,
  searchHandOutMembers,
} from '~/server/handouts/handouts.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, objectInput, passedOn, recordId, searchInput } from '../server-fn/inputs'

/**
 * The hand-out form's searches and the actions. Only components load these, never a route's
 * loader, so they stay out of the first page load (ADR 013). The validators check the input's
 * shape; the services parse it with the shared schemas.
 */

export const fetchHandOutMembers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(searchInput)
  .handler(async ({ data, context }) => searchHandOutMembers(context.actor, data.q, context.db))

export const fetchMemberAllowance = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(inputOf({ customerId: recordId }))
  .handler(async ({ data, context }) =>
    getMemberAllowance(context.actor, data.customerId, context.db),
  )

export const fetchHandOutBatches = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(
    inputOf({
      // No member chosen yet: the batches without a member's allowance.
      customerId: recordId.nullable().transform((id) => id || null),
    }),
  )
  .handler(async ({ data, context }) =>
    listHandOutBatches(context.actor, data.customerId, context.db),
  )

export const createHandOutFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<CreateHandOutInput>())
  .handler(async ({ data, context }) => createHandOut(context.actor, data, context.db))

export const cancelHandOutFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, reason: passedOn<CancelHandOutInput['reason']>() }).transform(
      ({ id, reason }) => ({ id, cancel: { reason } }),
    ),
  )
  .handler(async ({ data, context }) =>
    cancelHandOut(context.actor, data.id, data.cancel, context.db),
  )
