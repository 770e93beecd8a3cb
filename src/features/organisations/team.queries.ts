import { queryOptions } from '@tanstack/react-query'
import { fetchTeam } from './team.functions'

export const teamKey = ['organisation', 'team'] as const

export const teamQuery = (organisationId: string) =>
  queryOptions({
    queryKey: [...teamKey, organisationId],
    queryFn: () => fetchTeam({ data: { id: organisationId } }),
  })
