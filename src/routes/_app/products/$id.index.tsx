import { createFileRoute, notFound } from '@tanstack/react-router'
import { ProductDetailPage } from '~/features/products/ProductDetailPage'
import {
  organisationProductHistoryQuery,
  organisationProductQuery,
} from '~/features/products/products.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/products/$id/')({
  loader: async ({ context, params }) => {
    try {
      await Promise.all([
        context.queryClient.fetchQuery({ ...organisationProductQuery(params.id), staleTime: 0 }),
        context.queryClient.fetchQuery({
          ...organisationProductHistoryQuery(params.id),
          staleTime: 0,
        }),
      ])
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: areaHead('product'),
  component: ProductDetailPage,
})
