import { createServerFn } from '@tanstack/react-start'
import type { CancelHandOutInput, CreateHandOutInput } from '~/lib/handouts'
import { isUuid } from '~/lib/ids'
import { maxSearchLength } from '~/lib/list-query'
import { getApp } from '~/server/app.server'
import {
  cancelHandOut,
  createHandOut,
  getMemberAllowance,
  listHandOutBatches,
  searchHandOutMembers,
} from '~/server/handouts/handouts.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * The hand-out form's searches and the actions. Only components load these, never a route's
 * loader, so they stay out of the first page load (ADR 013). The validators only put the input
 * in its place; the services parse it with the shared schemas.
 */

const idOf = (value: unknown) => (isUuid(value) ? value : '')

export const fetchHandOutMembers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { q: string }) => ({
    q: typeof input?.q === 'string' ? input.q.trim().slice(0, maxSearchLength) : '',
  }))
  .handler(async ({ data, context }) =>
    searchHandOutMembers(context.actor, data.q, (await getApp()).db),
  )

export const fetchMemberAllowance = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { customerId: string }) => ({ customerId: idOf(input?.customerId) }))
  .handler(async ({ data, context }) =>
    getMemberAllowance(context.actor, data.customerId, (await getApp()).db),
  )

export const fetchHandOutBatches = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { customerId: string | null }) => ({
    customerId: isUuid(input?.customerId) ? input.customerId : null,
  }))
  .handler(async ({ data, context }) =>
    listHandOutBatches(context.actor, data.customerId, (await getApp()).db),
  )

export const createHandOutFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: CreateHandOutInput) => input as unknown)
  .handler(async ({ data, context }) => createHandOut(context.actor, data, (await getApp()).db))

export const cancelHandOutFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string } & CancelHandOutInput) => ({
    id: idOf(input?.id),
    cancel: { reason: input?.reason as unknown },
  }))
  .handler(async ({ data, context }) =>
    cancelHandOut(context.actor, data.id, data.cancel, (await getApp()).db),
  )
