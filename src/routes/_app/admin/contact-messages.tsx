import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { ContactMessagesPage } from '~/features/admin/ContactMessagesPage'
import {
  contactMessageQuery,
  contactMessagesQuery,
  tenantChoicesQuery,
} from '~/features/admin/support.queries'
import { pageHead } from '~/features/shell/page-head'
import { contactMessageListSearch } from '~/lib/admin-support'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/admin/contact-messages')({
  validateSearch: contactMessageListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(contactMessageListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(contactMessagesQuery(deps)),
      context.queryClient.ensureQueryData(tenantChoicesQuery()),
      // The open record; one that is gone shows its message in the dialog (prefetch never throws).
      deps.message && context.queryClient.prefetchQuery(contactMessageQuery(deps.message)),
    ])
  },
  head: () => pageHead('Kontaktanfragen'),
  component: ContactMessagesPage,
})
