import { queryOptions } from '@tanstack/react-query'
import { fetchDashboard } from './dashboard.functions'

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: () => fetchDashboard(),
    // The counter's figures move all day: fresh on every visit, and every minute while open.
    staleTime: 0,
    refetchInterval: 60_000,
  })
