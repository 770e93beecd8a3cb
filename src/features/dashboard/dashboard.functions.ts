import { createServerFn } from '@tanstack/react-start'
import { getApp } from '~/server/app.server'
import { getDashboard } from '~/server/dashboard/dashboard.server'
import { authenticated } from '../server-fn/auth.middleware'

export const fetchDashboard = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .handler(async ({ context }) => getDashboard(context.actor, (await getApp()).db))
