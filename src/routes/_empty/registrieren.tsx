import { createFileRoute } from '@tanstack/react-router'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'
import { RegisterPage } from '~/features/shop-accounts/RegisterPage'

export const Route = createFileRoute('/_empty/registrieren')({
  head: ({ match }) => pageHead('Konto erstellen', hostBrand(match.context)),
  component: RegisterPage,
})
