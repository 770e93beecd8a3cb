import { createFileRoute, notFound } from '@tanstack/react-router'
import { MasterProductEditPage } from '~/features/master-products/MasterProductEditPage'
import {
  masterProductHistoryQuery,
  masterProductQuery,
} from '~/features/master-products/master-products.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/admin/product-db/$id/edit')({
  // Always the current revision: the form saves against it (optimistic locking).
  loader: async ({ context, params }) => {
    try {
      await Promise.all([
        context.queryClient.fetchQuery({ ...masterProductQuery(params.id), staleTime: 0 }),
        context.queryClient.fetchQuery({ ...masterProductHistoryQuery(params.id), staleTime: 0 }),
      ])
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('masterProductEdit'),
  component: MasterProductEditPage,
})
