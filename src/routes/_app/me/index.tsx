import { createFileRoute } from '@tanstack/react-router'
import { MePage } from '~/features/account/MePage'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_app/me/')({
  head: () => pageHead('Mein Konto'),
  component: MePage,
})
