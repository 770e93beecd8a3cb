import { createFileRoute } from '@tanstack/react-router'
import { isBusinessUser, type SessionState } from '~/features/session/session-store'
import { useSession } from '~/features/session/use-session'
import { AreaPage } from '~/features/shell/AreaPage'
import { areaTitles, pageHead } from '~/features/shell/page-head'

/** A club keeps members (KCanG), everyone else customers: same list, their word for it. */
const areaFor = ({ user }: SessionState) =>
  isBusinessUser(user) && user.organisation.category === 'club' ? 'members' : 'customers'

export const Route = createFileRoute('/_app/customers/')({
  head: ({ match }) => pageHead(areaTitles[areaFor(match.context.session.state)]),
  component: () => <AreaPage area={areaFor(useSession())} />,
})
