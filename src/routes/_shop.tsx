import { createFileRoute } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'
import { HostErrorPage, layoutErrorHead } from '~/features/shell/ErrorPages'
import { ShopLayout } from '~/features/shell/HostFrame'

export const Route = createFileRoute('/_shop')({
  beforeLoad: guardAccess,
  head: layoutErrorHead,
  component: ShopLayout,
  errorComponent: HostErrorPage,
})
