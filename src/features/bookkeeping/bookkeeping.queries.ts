import { queryOptions } from '@tanstack/react-query'
import { fetchBookkeepingSettings } from './bookkeeping.functions'

export const bookkeepingSettingsQuery = () =>
  queryOptions({
    queryKey: ['bookkeeping', 'settings'],
    queryFn: () => fetchBookkeepingSettings(),
  })
