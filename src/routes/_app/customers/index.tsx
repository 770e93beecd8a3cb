import { createFileRoute } from '@tanstack/react-router'
import { isBusinessUser, type SessionState } from '~/features/session/session-store'
import { useSession } from '~/features/session/use-session'
import { AreaPage, pageHead } from '~/features/shell/AreaPage'
import { areas } from '~/features/shell/areas'

/** A club keeps members (KCanG), everyone else customers: same list, their word for it. */
const areaFor = ({ user }: SessionState) =>
  isBusinessUser(user) && user.organisation.category === 'club' ? 'members' : 'customers'

export const Route = createFileRoute('/_app/customers/')({
  head: ({ match }) => pageHead(areas[areaFor(match.context.session.state)].title),
  component: () => <AreaPage area={areaFor(useSession())} />,
})
