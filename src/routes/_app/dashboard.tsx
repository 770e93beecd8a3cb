import { createFileRoute, Link } from '@tanstack/react-router'
import { DashboardPage } from '~/features/dashboard/DashboardPage'
import { dashboardQuery } from '~/features/dashboard/dashboard.queries'
import { isBusinessUser } from '~/features/session/session-store'
import { useSession } from '~/features/session/use-session'
import { AreaPage } from '~/features/shell/AreaPage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/dashboard')({
  loader: ({ context }) => {
    const { user } = context.session.state
    if (isBusinessUser(user) && user.organisation.category !== 'platform') {
      return context.queryClient.ensureQueryData(dashboardQuery())
    }
  },
  head: areaHead('dashboard'),
  component: DashboardRoute,
})

/** The platform's own organisation runs no business: its dashboard leads to the console. */
function DashboardRoute() {
  const { user } = useSession()
  if (!isBusinessUser(user) || user.organisation.category !== 'platform') return <DashboardPage />
  return (
    <AreaPage area="platformDashboard">
      <p className="mb-6">
        <Link
          to="/admin"
          className="inline-flex rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Zur Administration
        </Link>
      </p>
    </AreaPage>
  )
}
