import { createFileRoute } from '@tanstack/react-router'
import { HandOutCreatePage } from '~/features/handouts/HandOutCreatePage'
import { areaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/abgabe/neu')({
  head: areaHead('handOutCreate'),
  component: HandOutCreatePage,
})
