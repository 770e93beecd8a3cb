import { createFileRoute } from '@tanstack/react-router'
import { HostErrorPage, layoutErrorHead } from '~/features/shell/ErrorPages'
import { HomeLayout } from '~/features/shell/HostFrame'
import { guardHostPage } from '~/features/shell/host'

export const Route = createFileRoute('/_home')({
  beforeLoad: guardHostPage,
  head: layoutErrorHead,
  component: HomeLayout,
  errorComponent: HostErrorPage,
})
