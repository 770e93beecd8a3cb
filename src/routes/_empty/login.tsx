import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginPage } from '~/features/login/LoginPage'
import { pageHead } from '~/features/shell/AreaPage'
import { hostBrand } from '~/features/shell/host'

export const Route = createFileRoute('/_empty/login')({
  validateSearch: z.object({ redirect: z.string().max(2048).optional().catch(undefined) }),
  head: ({ match }) => pageHead('Anmelden', hostBrand(match.context)),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTarget={redirect} />
}
