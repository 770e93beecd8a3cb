import { createFileRoute } from '@tanstack/react-router'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'
import { RegisterPage } from '~/features/shop-accounts/RegisterPage'
import { redirectSearchOf } from '~/lib/access-rules'

export const Route = createFileRoute('/_empty/registrieren')({
  // Where the person was (cart, checkout): confirming in this browser returns there (ADR 077).
  validateSearch: redirectSearchOf,
  head: ({ match }) => pageHead('Konto erstellen', hostBrand(match.context)),
  component: RegisterRoute,
})

function RegisterRoute() {
  const { redirect } = Route.useSearch()
  return <RegisterPage redirectTarget={redirect} />
}
