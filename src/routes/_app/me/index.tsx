import { createFileRoute } from '@tanstack/react-router'
import { MePage } from '~/features/account/MePage'
import { pageHead } from '~/features/shell/AreaPage'

export const Route = createFileRoute('/_app/me/')({
  head: () => pageHead('Mein Konto'),
  component: MePage,
})
