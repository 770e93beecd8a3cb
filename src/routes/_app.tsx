import { createFileRoute } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'
import { BackOfficeErrorPage, BackOfficeLayout } from '~/features/shell/BackOfficeLayout'
import { layoutErrorHead } from '~/features/shell/error-head'

export const Route = createFileRoute('/_app')({
  beforeLoad: guardAccess,
  head: layoutErrorHead,
  component: BackOfficeLayout,
  errorComponent: BackOfficeErrorPage,
})
