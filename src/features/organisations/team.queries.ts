import { queryOptions } from '@tanstack/react-query'
import { fetchMemberLinks, fetchTeam } from './team.functions'

export const teamKey = ['organisation', 'team'] as const

export const teamQuery = (organisationId: string) =>
  queryOptions({
    queryKey: [...teamKey, organisationId],
    queryFn: () => fetchTeam({ data: { id: organisationId } }),
  })

/** Under the team's key: a change of the team refreshes the links too. */
export const memberLinksQuery = (organisationId: string) =>
  queryOptions({
    queryKey: [...teamKey, organisationId, 'member-links'],
    queryFn: () => fetchMemberLinks({ data: { id: organisationId } }),
  })
