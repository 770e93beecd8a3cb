import { createFileRoute, notFound } from '@tanstack/react-router'
import { ProductEditPage } from '~/features/products/ProductEditPage'
import { organisationProductQuery } from '~/features/products/products.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/products/$id/edit')({
  // Always the current revision: the form saves against it (optimistic locking).
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.fetchQuery({ ...organisationProductQuery(params.id), staleTime: 0 })
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('productEdit'),
  component: ProductEditPage,
})
