import { createFileRoute, Outlet } from '@tanstack/react-router'
import { guardHostPage } from '~/features/shell/host'

/** No frame at all: the page brings everything itself. */
export const Route = createFileRoute('/_empty')({
  beforeLoad: guardHostPage,
  component: Outlet,
})
