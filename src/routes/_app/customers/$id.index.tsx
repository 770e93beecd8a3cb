import { createFileRoute } from '@tanstack/react-router'
import { CustomerDetailPage } from '~/features/customers/CustomerDetailPage'
import { loadCustomer } from '~/features/customers/customers.queries'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/customers/$id/')({
  loader: async ({ context, params }) =>
    (await loadCustomer(context.queryClient, params.id)).displayName,
  head: ({ loaderData }) => pageHead(loaderData ?? 'Kunde'),
  component: CustomerDetailPage,
})
