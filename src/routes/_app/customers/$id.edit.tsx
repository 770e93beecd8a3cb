import { createFileRoute, notFound } from '@tanstack/react-router'
import { CustomerEditPage } from '~/features/customers/CustomerFormPages'
import { customerQuery } from '~/features/customers/customers.queries'
import { areaTitles, pageHead } from '~/features/shell/page-head'
import { FailureError } from '~/lib/failure'

export const Route = createFileRoute('/_app/customers/$id/edit')({
  // Always the current revision: the form saves against it.
  loader: async ({ context, params }) => {
    try {
      const customer = await context.queryClient.fetchQuery({
        ...customerQuery(params.id),
        staleTime: 0,
      })
      return { members: customer.owner.members }
    } catch (error) {
      if (error instanceof FailureError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) =>
    pageHead(areaTitles[loaderData?.members ? 'memberEdit' : 'customerEdit']),
  component: CustomerEditPage,
})
