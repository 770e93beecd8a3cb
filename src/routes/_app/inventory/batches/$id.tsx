import { createFileRoute, notFound } from '@tanstack/react-router'
import { areaHead } from '~/features/shell/back-office-head'
import { BatchPage } from '~/features/stock/BatchPage'
import { batchQuery } from '~/features/stock/stock.queries'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/inventory/batches/$id')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({ ...batchQuery(params.id), staleTime: 0 })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('batch'),
  component: BatchPage,
})
