import { createFileRoute } from '@tanstack/react-router'
import { HandoutCreatePage } from '~/features/handouts/HandoutCreatePage'
import { areaHead } from '~/features/shell/back-office-head'

export const Route = createFileRoute('/_app/abgabe/neu')({
  head: areaHead('handoutCreate'),
  component: HandoutCreatePage,
})
