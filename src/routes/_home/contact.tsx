import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '~/features/contact/ContactPage'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_home/contact')({
  head: ({ match }) => pageHead('Kontakt', hostBrand(match.context)),
  component: ContactPage,
})
