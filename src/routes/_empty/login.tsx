import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginPage } from '~/features/login/LoginPage'
import { pageHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_empty/login')({
  validateSearch: z.object({ redirect: z.string().max(2048).optional().catch(undefined) }),
  head: () => pageHead('Anmelden'),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage redirectTarget={redirect} />
}
