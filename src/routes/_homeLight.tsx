import { createFileRoute } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'
import { HomeLightLayout } from '~/features/shell/HomeLayouts'

export const Route = createFileRoute('/_homeLight')({
  beforeLoad: guardAccess,
  component: HomeLightLayout,
})
