import { createServerFn } from '@tanstack/react-start'
import { getDashboard } from '~/server/dashboard/dashboard.server'
import { authenticated } from '../server-fn/auth.middleware'
import { noInput } from '../server-fn/inputs'

export const fetchDashboard = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => getDashboard(context.actor, context.db))
