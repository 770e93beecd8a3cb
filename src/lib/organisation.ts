/**
 * The kinds of organisation and the roles of their users, as plain values: list filters and
 * navigation use them on every page, without loading a schema library.
 */
export const organisationCategories = [
  'platform',
  'pharmacy',
  'wholesaler',
  'producer',
  'club',
] as const
export type OrganisationCategory = (typeof organisationCategories)[number]

export const userRoles = ['admin', 'owner', 'staff'] as const
export type UserRole = (typeof userRoles)[number]
