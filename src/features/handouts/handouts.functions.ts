import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { handOutListSearch } from '~/lib/handout-lists'
import type { CancelHandOutInput, CreateHandOutInput } from '~/lib/handouts'
import { isUuid, parseIdInput } from '~/lib/ids'
import { maxSearchLength } from '~/lib/list-query'
import { getApp } from '~/server/app.server'
import { qrCodeSvg } from '~/server/handouts/handout-qr.server'
import {
  cancelHandOut,
  createHandOut,
  getHandOut,
  getMemberAllowance,
  listHandOutBatches,
  listHandOuts,
  searchHandOutMembers,
} from '~/server/handouts/handouts.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * The hand-out pages' way to the services (`src/server/handouts`). Validators here are zod-free
 * and only put the input in its place; the services parse it with the shared schemas.
 */

const idOf = (value: unknown) => (isUuid(value) ? value : '')

export const fetchHandOuts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(handOutListSearch.parse)
  .handler(async ({ data, context }) => listHandOuts(context.actor, data, (await getApp()).db))

/** The record with a QR code of its own address, for staff who scan a label. */
export const fetchHandOut = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) => {
    const record = await getHandOut(context.actor, data.id, (await getApp()).db)
    const recordUrl = `${new URL(getRequest().url).origin}/abgabe/${record.id}`
    return { ...record, recordUrl, qrSvg: await qrCodeSvg(recordUrl) }
  })

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
