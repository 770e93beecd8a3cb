import { listSearchSchema, oneOf } from './list-query'
import {
  type OrganisationCategory,
  organisationCategories,
  type UserRole,
  userRoles,
} from './organisation'

/** The platform admin console's lists: what their URLs may say, and what a row holds. */

export const organisationSortKeys = ['name', 'category', 'city', 'users', 'createdAt'] as const
export const organisationListSearch = listSearchSchema({
  sort: organisationSortKeys,
  defaultSort: 'name',
  filters: { category: oneOf(organisationCategories) },
})
export type OrganisationListSearch = ReturnType<typeof organisationListSearch.parse>

export interface OrganisationRow {
  id: string
  name: string
  category: OrganisationCategory
  city: string | null
  /** Active and inactive business users. */
  users: number
  /** The tenant (shop host) slug, when the organisation has one. */
  tenantSlug: string | null
  createdAt: string
}

export const userSortKeys = ['name', 'username', 'organisation', 'role', 'createdAt'] as const
export const userStatuses = ['active', 'inactive'] as const
export const userListSearch = listSearchSchema({
  sort: userSortKeys,
  defaultSort: 'name',
  filters: { role: oneOf(userRoles), status: oneOf(userStatuses) },
})
export type UserListSearch = ReturnType<typeof userListSearch.parse>

export interface UserRow {
  id: string
  name: string
  username: string
  email: string
  role: UserRole
  active: boolean
  organisation: { id: string; name: string }
  createdAt: string
}
