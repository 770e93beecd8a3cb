import type { SearchSchemaInput } from '@tanstack/react-router'
import { createFileRoute } from '@tanstack/react-router'
import { PaymentReturnPage } from '~/features/payments/PaymentReturnPage'
import { paymentReturnQuery } from '~/features/payments/payment-return.queries'
import { shopCustomersOnly } from '~/features/session/guard'
import { hostBrand } from '~/features/shell/host'
import { pageHead } from '~/features/shell/page-head'

/**
 * Where Mollie sends the customer back: `?order=<number>` names the order; what happened to the
 * payment comes from the server (the services check the order is the caller's). The server
 * checks the number with its schema; here only its shape is kept.
 */
export const Route = createFileRoute('/_empty/confirmation/mollie')({
  validateSearch: (search: { order?: unknown } & SearchSchemaInput) => ({
    order: typeof search.order === 'string' ? search.order.slice(0, 40) : '',
  }),
  beforeLoad: shopCustomersOnly,
  loaderDeps: ({ search }) => ({ order: search.order }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(paymentReturnQuery(deps.order)).catch(() => null),
  head: ({ match }) => pageHead('Zahlung', hostBrand(match.context)),
  component: MollieReturn,
})

function MollieReturn() {
  const { order } = Route.useSearch()
  return <PaymentReturnPage order={order} />
}
