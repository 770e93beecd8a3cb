import { createServerFn } from '@tanstack/react-start'
import { getApp } from '~/server/app.server'
import { getLiveBoard } from '~/server/live/live.server'
import { authenticated } from '../server-fn/auth.middleware'

export const fetchLiveBoard = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => getLiveBoard(context.actor, (await getApp()).db))
