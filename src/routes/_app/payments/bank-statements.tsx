import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { BankStatementsPage } from '~/features/bank-statements/BankStatementsPage'
import { bankEntriesQuery } from '~/features/bank-statements/bank-statements.queries'
import { areaHead } from '~/features/shell/back-office-head'
import { bankEntrySearch } from '~/lib/bank-statements'

export const Route = createFileRoute('/_app/payments/bank-statements')({
  validateSearch: bankEntrySearch,
  search: { middlewares: [stripSearchParams({ page: 1, view: 'open' as const })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(bankEntriesQuery(deps)),
  head: areaHead('bankStatements'),
  component: BankStatementsPage,
})
