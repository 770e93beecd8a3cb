import { createServerFn } from '@tanstack/react-start'
import { fillingProtocolListSearch } from '~/lib/filling-protocol-lists'
import { parseIdInput } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import {
  getFillingProtocol,
  listFillingProtocols,
} from '~/server/filling-protocols/filling-protocols.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * What the filling protocol pages' loaders read (zod-free validators). The start form's queries
 * and the actions are in `filling-protocol-actions.functions.ts`, which only components load
 * (ADR 013).
 */

export const fetchFillingProtocols = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(fillingProtocolListSearch.parse)
  .handler(async ({ data, context }) =>
    listFillingProtocols(context.actor, data, (await getApp()).db),
  )

export const fetchFillingProtocol = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    getFillingProtocol(context.actor, data.id, (await getApp()).db),
  )
