import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '~/features/login/ForgotPasswordPage'
import { pageHead } from '~/features/shell/AreaPage'
import { hostBrand } from '~/features/shell/host'

export const Route = createFileRoute('/_empty/login_/forgot-password')({
  head: ({ match }) => pageHead('Passwort vergessen', hostBrand(match.context)),
  component: ForgotPasswordPage,
})
