import { createFileRoute } from '@tanstack/react-router'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'
import { ConfirmationPage } from '~/features/shop-accounts/ConfirmationPage'
import { inspectTokenFn } from '~/features/shop-accounts/shop-accounts.functions'

export const Route = createFileRoute('/_empty/confirmation/$token')({
  loader: ({ params }) => inspectTokenFn({ data: { token: params.token } }),
  head: ({ match }) => {
    const head = pageHead('Link aus Ihrer E-Mail', hostBrand(match.context))
    // The address carries a secret: it must not leak through the Referer of the page's links.
    return { meta: [...head.meta, { name: 'referrer', content: 'no-referrer' }] }
  },
  component: Confirmation,
})

function Confirmation() {
  const { token } = Route.useParams()
  const { account, purpose, problem } = Route.useLoaderData()
  return <ConfirmationPage token={token} account={account} purpose={purpose} problem={problem} />
}
