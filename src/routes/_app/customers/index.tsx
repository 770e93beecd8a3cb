import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { CustomersPage } from '~/features/customers/CustomersPage'
import { customersQuery } from '~/features/customers/customers.queries'
import { isBusinessUser, type SessionState } from '~/features/session/session-store'
import { areaTitles } from '~/features/shell/back-office-head'
import { pageHead } from '~/features/shell/page-head'
import { customerListSearch } from '~/lib/customer-lists'
import { listSearchDefaults } from '~/lib/list-query'

/** A club keeps members (KCanG), everyone else customers: same list, their word for it. */
const areaFor = ({ user }: SessionState) =>
  isBusinessUser(user) && user.organisation.category === 'club' ? 'members' : 'customers'

export const Route = createFileRoute('/_app/customers/')({
  validateSearch: customerListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(customerListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(customersQuery(deps)),
  head: ({ match }) => pageHead(areaTitles[areaFor(match.context.session.state)]),
  component: CustomersPage,
})
