import { createFileRoute } from '@tanstack/react-router'
import { HostErrorPage, layoutErrorHead } from '~/features/shell/ErrorPages'
import { HomeLightLayout } from '~/features/shell/HostFrame'
import { guardHostPage } from '~/features/shell/host'

export const Route = createFileRoute('/_homeLight')({
  beforeLoad: guardHostPage,
  head: layoutErrorHead,
  component: HomeLightLayout,
  errorComponent: HostErrorPage,
})
