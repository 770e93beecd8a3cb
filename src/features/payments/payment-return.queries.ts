import { queryOptions } from '@tanstack/react-query'
import { fetchPaymentReturn } from './payments.functions'

export const paymentReturnQuery = (order: string) =>
  queryOptions({
    queryKey: ['shop', 'payment-return', order],
    queryFn: () => fetchPaymentReturn({ data: { order } }),
  })
