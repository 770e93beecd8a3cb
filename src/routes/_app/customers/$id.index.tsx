import { createFileRoute } from '@tanstack/react-router'
import { CustomerDetailPage } from '~/features/customers/CustomerDetailPage'
import { loadCustomer } from '~/features/customers/customers.queries'
import { customerDocumentsQuery } from '~/features/documents/document-cards.queries'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/customers/$id/')({
  loader: async ({ context, params }) => {
    const customer = await loadCustomer(context.queryClient, params.id)
    await context.queryClient.ensureQueryData(customerDocumentsQuery(params.id))
    return customer.displayName
  },
  head: ({ loaderData }) => pageHead(loaderData ?? 'Kunde'),
  component: CustomerDetailPage,
})
