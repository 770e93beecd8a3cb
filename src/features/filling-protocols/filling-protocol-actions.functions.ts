import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type {
  CancelFillingInput,
  PreparationInstructionInput,
  RecordFillingInput,
  StartFillingInput,
} from '~/lib/filling-protocols'
import { addPreparationInstruction } from '~/server/filling-protocols/defektur.server'
import {
  cancelFillingProtocol,
  confirmFillingProtocol,
  recordFillingWeights,
  startFillingProtocol,
} from '~/server/filling-protocols/filling-protocol-transitions.server'
import {
  getFillingPackChoice,
  listFillingBulkBatches,
} from '~/server/filling-protocols/filling-protocols.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, noInput, objectInput, passedOn, recordId } from '../server-fn/inputs'

/**
 * The start form's queries and the protocol's actions. Only components load these, never a
 * route's loader, so they stay out of the first page load (ADR 013). The validators check the
 * input's shape; the services parse it with the shared schemas.
 */

export const fetchFillingBulkBatches = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listFillingBulkBatches(context.actor, context.db))

export const fetchFillingPackChoice = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(
    inputOf({
      bulkBatchId: recordId,
      targetNetMg: z.number({ error: 'Bitte gib die Zielmenge in mg an.' }),
    }),
  )
  .handler(async ({ data, context }) =>
    getFillingPackChoice(context.actor, data.bulkBatchId, data.targetNetMg, context.db),
  )

export const startFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<StartFillingInput>())
  .handler(async ({ data, context }) => startFillingProtocol(context.actor, data, context.db))

export const recordFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, weights: passedOn<RecordFillingInput>() }))
  .handler(async ({ data, context }) =>
    recordFillingWeights(context.actor, data.id, data.weights, context.db),
  )

export const confirmFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => confirmFillingProtocol(context.actor, data.id, context.db))

export const cancelFillingFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, reason: passedOn<CancelFillingInput['reason']>() }).transform(
      ({ id, reason }) => ({ id, cancel: { reason } }),
    ),
  )
  .handler(async ({ data, context }) =>
    cancelFillingProtocol(context.actor, data.id, data.cancel, context.db),
  )

export const addPreparationInstructionFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<PreparationInstructionInput>())
  .handler(async ({ data, context }) => addPreparationInstruction(context.actor, data, context.db))
