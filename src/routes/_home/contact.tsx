import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '~/features/contact/ContactPage'
import { pageHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_home/contact')({
  head: () => pageHead('Kontakt'),
  component: ContactPage,
})
