import { createServerFn } from '@tanstack/react-start'
import { organisationListSearch, userListSearch } from '~/lib/admin'
import { isUuid } from '~/lib/ids'
import type { NewOrganisationInput } from '~/lib/new-organisation'
import { listOrganisations, listUsers } from '~/server/admin/admin.server'
import {
  createOrganisation,
  setOrganisationActive,
} from '~/server/admin/admin-organisations.server'
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

export const createOrganisationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: NewOrganisationInput) => input as unknown)
  .handler(async ({ data, context }) =>
    createOrganisation(context.actor, data, (await getApp()).db),
  )

export const setOrganisationActiveFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; active: boolean }) => ({
    id: isUuid(input?.id) ? input.id : '',
    active: input?.active === true,
  }))
  .handler(async ({ data, context }) =>
    setOrganisationActive(context.actor, data.id, data.active, (await getApp()).db),
  )
