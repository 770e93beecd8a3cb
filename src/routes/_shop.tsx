import { createFileRoute } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'
import { layoutErrorHead } from '~/features/shell/error-head'
import { ShopLayout } from '~/features/shell/HostFrame'
import { hostErrorPage } from '~/features/shell/lazy-error-pages'

export const Route = createFileRoute('/_shop')({
  beforeLoad: guardAccess,
  head: layoutErrorHead,
  component: ShopLayout,
  ...hostErrorPage,
})
