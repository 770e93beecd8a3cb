import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '~/features/contact/ContactPage'
import { pageHead } from '~/features/shell/AreaPage'
import { hostBrand } from '~/features/shell/host'

export const Route = createFileRoute('/_home/contact')({
  head: ({ match }) => pageHead('Kontakt', hostBrand(match.context)),
  component: ContactPage,
})
