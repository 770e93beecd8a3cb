import { createFileRoute } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'
import { BackOfficeLayout } from '~/features/shell/BackOfficeLayout'

export const Route = createFileRoute('/_app')({
  beforeLoad: guardAccess,
  component: BackOfficeLayout,
})
