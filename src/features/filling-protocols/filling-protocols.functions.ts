import { createServerFn } from '@tanstack/react-start'
import { fillingProtocolListSearch } from '~/lib/filling-protocol-lists'
import { listPreparationInstructions } from '~/server/filling-protocols/defektur.server'
import {
  getFillingProtocol,
  listFillingProtocols,
} from '~/server/filling-protocols/filling-protocols.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, noInput, readBy } from '../server-fn/inputs'

/**
 * What the filling protocol pages' loaders read. The start form's queries
 * and the actions are in `filling-protocol-actions.functions.ts`, which only components load
 * (ADR 013).
 */

export const fetchFillingProtocols = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(fillingProtocolListSearch.parse))
  .handler(async ({ data, context }) => listFillingProtocols(context.actor, data, context.db))

export const fetchFillingProtocol = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getFillingProtocol(context.actor, data.id, context.db))

export const fetchPreparationInstructions = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listPreparationInstructions(context.actor, context.db))
