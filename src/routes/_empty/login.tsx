import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '~/features/login/LoginPage'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'

/** Where to go after the login; anything but a plausible path string is dropped. */
function loginSearchOf(search: Record<string, unknown>): { redirect?: string } {
  const { redirect } = search
  return typeof redirect === 'string' && redirect.length <= 2048 ? { redirect } : {}
}

export const Route = createFileRoute('/_empty/login')({
  // A plain check, not zod: the search validation stays in the entry chunk every page loads.
  validateSearch: loginSearchOf,
  head: ({ match }) => pageHead('Anmelden', hostBrand(match.context)),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTarget={redirect} />
}
