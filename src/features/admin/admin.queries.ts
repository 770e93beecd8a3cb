import { queryOptions } from '@tanstack/react-query'
import type { OrganisationListSearch, UserListSearch } from '~/lib/admin'
import { fetchOrganisations, fetchUsers } from './admin.functions'

export const organisationsQuery = (search: OrganisationListSearch) =>
  queryOptions({
    queryKey: ['admin', 'organisations', search],
    queryFn: () => fetchOrganisations({ data: search }),
  })

export const usersQuery = (search: UserListSearch) =>
  queryOptions({
    queryKey: ['admin', 'users', search],
    queryFn: () => fetchUsers({ data: search }),
  })
