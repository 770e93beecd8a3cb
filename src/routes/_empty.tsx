import { createFileRoute, Outlet } from '@tanstack/react-router'
import { guardAccess } from '~/features/session/guard'

/** No frame at all: the page brings everything itself. */
export const Route = createFileRoute('/_empty')({
  beforeLoad: guardAccess,
  component: Outlet,
})
