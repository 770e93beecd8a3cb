import { createFileRoute, notFound } from '@tanstack/react-router'
import { CustomerExportPage } from '~/features/customers/CustomerExportPage'
import { customerExportQuery } from '~/features/customers/customers.queries'
import { areaHead } from '~/features/shell/page-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/customers/$id/export')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({ ...customerExportQuery(params.id), staleTime: 0 })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('customerExport'),
  component: CustomerExportPage,
})
