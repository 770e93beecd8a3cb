import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordPage } from '~/features/account/ChangePasswordPage'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/me/change-password')({
  head: () => pageHead('Passwort ändern'),
  component: ChangePasswordPage,
})
