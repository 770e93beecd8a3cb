import { createFileRoute } from '@tanstack/react-router'
import { FillingStartPage } from '~/features/filling-protocols/FillingStartPage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/organisations/filling-protocol/neu')({
  head: areaHead('fillingCreate'),
  component: FillingStartPage,
})
