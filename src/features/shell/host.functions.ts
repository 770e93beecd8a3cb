import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { eq } from 'drizzle-orm'
import { getApp } from '~/server/app.server'
import { organisations } from '~/server/db/schema'
import { requestHost } from '~/server/http.server'
import { resolveTenant } from '~/server/tenants.server'

/** What a tenant host without a shop (a club's) says about its organisation: public data only. */
export interface HostOrganisation {
  name: string
  category: 'platform' | 'pharmacy' | 'wholesaler' | 'producer' | 'club'
  street: string | null
  postalCode: string | null
  city: string | null
}

/** The organisation behind the request's tenant host, or null on the main domain. */
export const fetchHostOrganisation = createServerFn({ method: 'GET' }).handler(
  async (): Promise<HostOrganisation | null> => {
    const app = await getApp()
    const tenant = await resolveTenant(app.db, requestHost(getRequest()), app.config.APP_DOMAIN)
    if (!tenant) return null
    const [organisation] = await app.db
      .select({
        name: organisations.name,
        category: organisations.category,
        street: organisations.street,
        postalCode: organisations.postalCode,
        city: organisations.city,
      })
      .from(organisations)
      .where(eq(organisations.id, tenant.organisationId))
    return organisation ?? null
  },
)
