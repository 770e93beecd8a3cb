import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { AuditLogPage } from '~/features/admin/AuditLogPage'
import {
  auditEventQuery,
  auditEventsQuery,
  auditLogFilterOptionsQuery,
} from '~/features/admin/audit-log.queries'
import { pageHead } from '~/features/shell/page-head'
import { auditLogSearch } from '~/lib/audit-log-lists'
import { pageSizes } from '~/lib/list-query'

export const Route = createFileRoute('/_app/admin/audit')({
  validateSearch: auditLogSearch.validateSearch,
  search: { middlewares: [stripSearchParams({ pageSize: pageSizes[0] })] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // The dialog's event loads beside the list; the dialog shows it when it arrives.
    if (deps.event) void context.queryClient.prefetchQuery(auditEventQuery(deps.event))
    await Promise.all([
      context.queryClient.ensureQueryData(auditEventsQuery(deps)),
      context.queryClient.ensureQueryData(auditLogFilterOptionsQuery(deps)),
    ])
  },
  head: () => pageHead('Audit-Log'),
  component: AuditLogPage,
})
