import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { usersQuery } from '~/features/admin/admin.queries'
import { UsersPage } from '~/features/admin/UsersPage'
import { pageHead } from '~/features/shell/page-head'
import { userListSearch } from '~/lib/admin'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/admin/users')({
  validateSearch: userListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(userListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersQuery(deps)),
  head: () => pageHead('Benutzer der Plattform'),
  component: UsersPage,
})
