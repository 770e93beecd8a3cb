import { createFileRoute, notFound } from '@tanstack/react-router'
import { CustomerDetailPage } from '~/features/customers/CustomerDetailPage'
import { customerQuery } from '~/features/customers/customers.queries'
import { areaTitles, pageHead } from '~/features/shell/page-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/customers/$id/')({
  loader: async ({ context, params }) => {
    try {
      const customer = await context.queryClient.fetchQuery({
        ...customerQuery(params.id),
        staleTime: 0,
      })
      return { members: customer.owner.members, name: customer.displayName }
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) =>
    pageHead(
      loaderData
        ? `${loaderData.name} – ${areaTitles[loaderData.members ? 'member' : 'customer']}`
        : areaTitles.customer,
    ),
  component: CustomerDetailPage,
})
