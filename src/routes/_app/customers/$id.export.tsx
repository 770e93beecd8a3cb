import { createFileRoute, notFound } from '@tanstack/react-router'
import { CustomerExportPage } from '~/features/customers/CustomerExportPage'
import { customerExportQuery } from '~/features/customers/customers.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/customers/$id/export')({
  // Afresh on every visit: each export is a read the audit log records.
  loader: ({ context, params }) =>
    context.queryClient
      .fetchQuery({ ...customerExportQuery(params.id), staleTime: 0 })
      .catch((error) => {
        throw error instanceof FailureError && error.status === 404 ? notFound() : error
      }),
  head: areaHead('customerExport'),
  component: CustomerExportPage,
})
