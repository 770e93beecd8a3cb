import { queryOptions } from '@tanstack/react-query'
import { fetchLiveBoard } from './live.functions'

/**
 * The board's state. It is loaded again after every (re)connect of its event stream and after
 * each announced change (use-live-connection.ts), so it never goes stale by time.
 */
export const liveBoardQuery = () =>
  queryOptions({
    queryKey: ['live-board'],
    queryFn: () => fetchLiveBoard(),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
