import { queryOptions } from '@tanstack/react-query'
import type { BankEntrySearch } from '~/lib/bank-statements'
import { fetchBankEntries, searchOpenOrdersFn } from './bank-statements.functions'

/** Every bank statement query starts with this key: an upload or a decision invalidates them. */
export const bankStatementsKey = ['bank-statements'] as const

export const bankEntriesQuery = (search: BankEntrySearch) =>
  queryOptions({
    queryKey: [...bankStatementsKey, 'entries', search],
    queryFn: () => fetchBankEntries({ data: search }),
  })

export const openOrderSearchQuery = (query: string) =>
  queryOptions({
    queryKey: [...bankStatementsKey, 'open-orders', query],
    queryFn: () => searchOpenOrdersFn({ data: { query } }),
    enabled: query.trim().length >= 2,
  })
