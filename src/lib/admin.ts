import { listSearchSchema, oneOf } from './list-query'
import {
  type OrganisationCategory,
  organisationCategories,
  type UserRole,
  userRoles,
} from './organisation'

/** The platform admin console's lists: what their URLs may say, and what a row holds. */

/** Users and organisations are active or deactivated; both lists filter by it. */
export const activityStatuses = ['active', 'inactive'] as const
export const activityStatusOptions = [
  { value: 'active', label: 'Aktiv' },
  { value: 'inactive', label: 'Deaktiviert' },
] as const

export const organisationSortKeys = ['name', 'category', 'city', 'users', 'createdAt'] as const
export const organisationListSearch = listSearchSchema({
  sort: organisationSortKeys,
  defaultSort: 'name',
  filters: { category: oneOf(organisationCategories), status: oneOf(activityStatuses) },
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
  /** False while a platform admin has deactivated it. */
  active: boolean
  createdAt: string
}

export const userSortKeys = ['name', 'username', 'organisation', 'role', 'createdAt'] as const
export const userListSearch = listSearchSchema({
  sort: userSortKeys,
  defaultSort: 'name',
  filters: { role: oneOf(userRoles), status: oneOf(activityStatuses) },
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
