import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { OutboxPage } from '~/features/admin/OutboxPage'
import {
  outboxMailQuery,
  outboxMailsQuery,
  tenantChoicesQuery,
} from '~/features/admin/support.queries'
import { pageHead } from '~/features/shell/page-head'
import { outboxListSearch } from '~/lib/admin-support'
import { listSearchDefaults } from '~/lib/list-query'

export const Route = createFileRoute('/_app/admin/outbox')({
  validateSearch: outboxListSearch.validateSearch,
  search: { middlewares: [stripSearchParams(listSearchDefaults(outboxListSearch))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(outboxMailsQuery(deps)),
      context.queryClient.ensureQueryData(tenantChoicesQuery()),
      // The open record; one that is gone shows its message in the dialog (prefetch never throws).
      deps.mail && context.queryClient.prefetchQuery(outboxMailQuery(deps.mail)),
    ])
  },
  head: () => pageHead('Postausgang'),
  component: OutboxPage,
})
