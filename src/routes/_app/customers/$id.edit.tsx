import { createFileRoute } from '@tanstack/react-router'
import { CustomerEditPage } from '~/features/customers/CustomerEditPage'
import { loadCustomer } from '~/features/customers/customers.queries'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/customers/$id/edit')({
  loader: async ({ context, params }) =>
    `${(await loadCustomer(context.queryClient, params.id)).displayName} bearbeiten`,
  head: ({ loaderData }) => pageHead(loaderData ?? 'Kunde bearbeiten'),
  component: CustomerEditPage,
})
