import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { organisationListSearch, userListSearch } from '~/lib/admin'
import type { NewOrganisationInput } from '~/lib/new-organisation'
import { listOrganisations, listUsers } from '~/server/admin/admin.server'
import {
  createOrganisation,
  setOrganisationActive,
} from '~/server/admin/admin-organisations.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, inputShapeMessage, objectInput, readBy, recordId } from '../server-fn/inputs'

export const fetchOrganisations = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(organisationListSearch.parse))
  .handler(async ({ data, context }) => listOrganisations(context.actor, data, context.db))

export const fetchUsers = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(userListSearch.parse))
  .handler(async ({ data, context }) => listUsers(context.actor, data, context.db))

export const createOrganisationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(objectInput<NewOrganisationInput>())
  .handler(async ({ data, context }) => createOrganisation(context.actor, data, context.db))

export const setOrganisationActiveFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, active: z.boolean({ error: inputShapeMessage }) }))
  .handler(async ({ data, context }) =>
    setOrganisationActive(context.actor, data.id, data.active, context.db),
  )
