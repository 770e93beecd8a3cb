import { createFileRoute } from '@tanstack/react-router'
import { layoutErrorHead } from '~/features/shell/error-head'
import { HomeLayout } from '~/features/shell/HostFrame'
import { guardHostPage } from '~/features/shell/host'
import { HostErrorPage } from '~/features/shell/lazy-error-pages'

export const Route = createFileRoute('/_home')({
  beforeLoad: guardHostPage,
  head: layoutErrorHead,
  component: HomeLayout,
  errorComponent: HostErrorPage,
  // Its error page loads when shown; see lazy-error-pages.ts for why no Suspense boundary.
  wrapInSuspense: false,
})
