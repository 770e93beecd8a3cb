import { queryOptions } from '@tanstack/react-query'
import { organisationKey } from '../organisations/organisation-settings.queries'
import { fetchNumberSeries } from './number-series.functions'

export const numberSeriesQuery = (organisationId: string) =>
  queryOptions({
    queryKey: [...organisationKey, 'number-series', organisationId],
    queryFn: () => fetchNumberSeries({ data: { id: organisationId } }),
  })
