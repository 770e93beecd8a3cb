import { createFileRoute } from '@tanstack/react-router'
import { AreaPage } from '~/features/shell/AreaPage'
import { publicAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_homeLight/news/online-shop')({
  head: publicAreaHead('news'),
  component: () => <AreaPage area="news" />,
})
