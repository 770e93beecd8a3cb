import { queryOptions } from '@tanstack/react-query'
import { fetchOrganisationSettings } from './organisation-settings.functions'

export const organisationKey = ['organisation'] as const

export const organisationSettingsQuery = (id: string) =>
  queryOptions({
    queryKey: [...organisationKey, 'settings', id],
    queryFn: () => fetchOrganisationSettings({ data: { id } }),
  })
