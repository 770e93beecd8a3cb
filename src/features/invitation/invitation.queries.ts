import { queryOptions } from '@tanstack/react-query'
import { FailureError } from '~/lib/failure'
import type { InvitationView } from '~/lib/organisation-team'
import { fetchInvitation } from './invitation.functions'

/** The link's invitation, or why the link leads nowhere (malformed or unknown token). */
export type InvitationLookup = { kind: 'found'; view: InvitationView } | { kind: 'unknown' }

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: async (): Promise<InvitationLookup> => {
      try {
        return { kind: 'found', view: await fetchInvitation({ data: { token } }) }
      } catch (error) {
        if (error instanceof FailureError && (error.status === 400 || error.status === 404)) {
          return { kind: 'unknown' }
        }
        throw error
      }
    },
  })
