import { queryOptions } from '@tanstack/react-query'
import { fetchCustomerOptions } from './customer-options.functions'
import { customersKey } from './customers.queries'

export const customerOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: [...customersKey, 'options', q],
    queryFn: () => fetchCustomerOptions({ data: { q } }),
    staleTime: 30_000,
  })
