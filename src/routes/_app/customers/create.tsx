import { createFileRoute } from '@tanstack/react-router'
import { CustomerCreatePage } from '~/features/customers/CustomerCreatePage'
import { isBusinessUser } from '~/features/session/session-store'
import { areaTitles } from '~/features/shell/back-office-head'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/customers/create')({
  head: ({ match }) => {
    const { user } = match.context.session.state
    const club = isBusinessUser(user) && user.organisation.category === 'club'
    return pageHead(areaTitles[club ? 'memberCreate' : 'customerCreate'])
  },
  component: CustomerCreatePage,
})
