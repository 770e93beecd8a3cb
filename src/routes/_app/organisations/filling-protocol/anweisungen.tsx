import { createFileRoute } from '@tanstack/react-router'
import { preparationInstructionsQuery } from '~/features/filling-protocols/filling-protocols.queries'
import { PreparationInstructionsPage } from '~/features/filling-protocols/PreparationInstructionsPage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/organisations/filling-protocol/anweisungen')({
  loader: ({ context }) => context.queryClient.ensureQueryData(preparationInstructionsQuery()),
  head: areaHead('fillingInstructions'),
  component: PreparationInstructionsPage,
})
