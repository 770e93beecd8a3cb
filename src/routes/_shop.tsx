import { createFileRoute } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'
import { ShopLayout } from '~/features/shell/ShopLayout'

export const Route = createFileRoute('/_shop')({
  beforeLoad: guardAccess,
  component: ShopLayout,
})
