import { createFileRoute } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'
import { HomeLayout } from '~/features/shell/HomeLayouts'

export const Route = createFileRoute('/_home')({
  beforeLoad: guardAccess,
  component: HomeLayout,
})
