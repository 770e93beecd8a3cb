import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getApp } from '~/server/app.server'
import {
  type HostOrganisation,
  organisationOfTenant,
  tenantOfRequest,
} from '~/server/tenants.server'
import { noInput } from '../server-fn/inputs'

export type { HostOrganisation }

/** The organisation behind the request's tenant host, or null on the main domain. */
export const fetchHostOrganisation = createServerFn({ method: 'GET' })
  .validator(noInput)
  .handler(async (): Promise<HostOrganisation | null> => {
    const app = await getApp()
    const tenant = await tenantOfRequest(app, getRequest())
    return tenant && organisationOfTenant(app.systemDb, tenant)
  })
