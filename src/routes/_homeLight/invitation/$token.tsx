import { createFileRoute } from '@tanstack/react-router'
import { InvitationPage } from '~/features/invitation/InvitationPage'
import { invitationQuery } from '~/features/invitation/invitation.queries'
import { publicAreaHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_homeLight/invitation/$token')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(invitationQuery(params.token)),
  head: publicAreaHead('invitation'),
  component: InvitationPage,
})
