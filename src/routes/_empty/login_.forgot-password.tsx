import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '~/features/login/ForgotPasswordPage'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_empty/login_/forgot-password')({
  head: ({ match }) => pageHead('Passwort vergessen', hostBrand(match.context)),
  component: ForgotPasswordPage,
})
