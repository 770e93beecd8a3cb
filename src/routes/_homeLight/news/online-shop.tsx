import { createFileRoute } from '@tanstack/react-router'
import { AreaPage, areaHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_homeLight/news/online-shop')({
  head: areaHead('news'),
  component: () => <AreaPage area="news" />,
})
