import { z } from 'zod'
import { organisationCategorySchema, userRoleSchema } from './auth-api'
import { listSearchSchema } from './list-query'

/** The platform admin console's lists: what their URLs may say, and what a row holds. */

export const organisationSortKeys = ['name', 'category', 'city', 'users', 'createdAt'] as const
export const organisationListSearch = listSearchSchema({
  sort: organisationSortKeys,
  defaultSort: 'name',
  filters: { category: organisationCategorySchema },
})
export type OrganisationListSearch = z.output<typeof organisationListSearch>

export interface OrganisationRow {
  id: string
  name: string
  category: z.infer<typeof organisationCategorySchema>
  city: string | null
  /** Active and inactive business users. */
  users: number
  /** The tenant (shop host) slug, when the organisation has one. */
  tenantSlug: string | null
  createdAt: string
}

export const userSortKeys = ['name', 'username', 'organisation', 'role', 'createdAt'] as const
export const userStatusSchema = z.enum(['active', 'inactive'])
export const userListSearch = listSearchSchema({
  sort: userSortKeys,
  defaultSort: 'name',
  filters: { role: userRoleSchema, status: userStatusSchema },
})
export type UserListSearch = z.output<typeof userListSearch>

export interface UserRow {
  id: string
  name: string
  username: string
  email: string
  role: z.infer<typeof userRoleSchema>
  active: boolean
  organisation: { id: string; name: string }
  createdAt: string
}
