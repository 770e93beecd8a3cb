import { createServerFn } from '@tanstack/react-start'
import { organisationListSearch, userListSearch } from '~/lib/admin'
import { listOrganisations, listUsers } from '~/server/admin/admin.server'
import { getApp } from '~/server/app.server'
import { authenticated } from '../server-fn/auth.middleware'

export const fetchOrganisations = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(organisationListSearch)
  .handler(async ({ data, context }) => listOrganisations(context.actor, data, (await getApp()).db))

export const fetchUsers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(userListSearch)
  .handler(async ({ data, context }) => listUsers(context.actor, data, (await getApp()).db))
