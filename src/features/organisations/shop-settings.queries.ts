import { queryOptions } from '@tanstack/react-query'
import { fetchShopSettings } from './shop-settings.functions'

export const shopSettingsKey = ['organisation', 'shop-settings'] as const

export const shopSettingsQuery = (organisationId: string) =>
  queryOptions({
    queryKey: [...shopSettingsKey, organisationId],
    queryFn: () => fetchShopSettings({ data: { id: organisationId } }),
  })
