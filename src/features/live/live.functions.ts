import { createServerFn } from '@tanstack/react-start'
import { getLiveBoard } from '~/server/live/live.server'
import { authenticated } from '../server-fn/auth.middleware'
import { noInput } from '../server-fn/inputs'

export const fetchLiveBoard = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => getLiveBoard(context.actor, context.db))
