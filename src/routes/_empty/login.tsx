import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '~/features/login/LoginPage'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'
import { redirectSearchOf } from '~/lib/access-rules'

export const Route = createFileRoute('/_empty/login')({
  // Where to go after the login.
  validateSearch: redirectSearchOf,
  head: ({ match }) => pageHead('Anmelden', hostBrand(match.context)),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTarget={redirect} />
}
