import { createServerFn } from '@tanstack/react-start'
import type {
  CancelFillingInput,
  RecordFillingInput,
  StartFillingInput,
} from '~/lib/filling-protocols'
import { isUuid } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import {
  cancelFillingProtocol,
  confirmFillingProtocol,
  getFillingPackChoice,
  listFillingBulkBatches,
  recordFillingWeights,
  startFillingProtocol,
} from '~/server/filling-protocols/filling-protocols.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * The start form's queries and the protocol's actions. Only components load these, never a
 * route's loader, so they stay out of the first page load (ADR 013). The validators only put the
 * input in its place; the services parse it with the shared schemas.
 */

const idOf = (value: unknown) => (isUuid(value) ? value : '')

export const fetchFillingBulkBatches = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => listFillingBulkBatches(context.actor, (await getApp()).db))

export const fetchFillingPackChoice = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator((input: { bulkBatchId: string; targetNetMg: number }) => ({
    bulkBatchId: idOf(input?.bulkBatchId),
    targetNetMg: Number(input?.targetNetMg),
  }))
  .handler(async ({ data, context }) =>
    getFillingPackChoice(context.actor, data.bulkBatchId, data.targetNetMg, (await getApp()).db),
  )

export const startFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: StartFillingInput) => input as unknown)
  .handler(async ({ data, context }) =>
    startFillingProtocol(context.actor, data, (await getApp()).db),
  )

export const recordFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; weights: RecordFillingInput }) => ({
    id: idOf(input?.id),
    weights: input?.weights as unknown,
  }))
  .handler(async ({ data, context }) =>
    recordFillingWeights(context.actor, data.id, data.weights, (await getApp()).db),
  )

export const confirmFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string }) => ({ id: idOf(input?.id) }))
  .handler(async ({ data, context }) =>
    confirmFillingProtocol(context.actor, data.id, (await getApp()).db),
  )

export const cancelFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string } & CancelFillingInput) => ({
    id: idOf(input?.id),
    cancel: { reason: input?.reason as unknown },
  }))
  .handler(async ({ data, context }) =>
    cancelFillingProtocol(context.actor, data.id, data.cancel, (await getApp()).db),
  )
