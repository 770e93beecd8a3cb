import { createFileRoute } from '@tanstack/react-router'
import { layoutErrorHead } from '~/features/shell/error-head'
import { HomeLightLayout } from '~/features/shell/HostFrame'
import { guardHostPage } from '~/features/shell/host'
import { hostErrorPage } from '~/features/shell/lazy-error-pages'

export const Route = createFileRoute('/_homeLight')({
  beforeLoad: guardHostPage,
  head: layoutErrorHead,
  component: HomeLightLayout,
  ...hostErrorPage,
})
