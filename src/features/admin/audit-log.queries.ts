import { queryOptions } from '@tanstack/react-query'
import type { AuditLogSearch } from '~/lib/audit-log-lists'
import {
  fetchAuditEvent,
  fetchAuditEvents,
  fetchAuditLogFilterOptions,
} from './audit-log.functions'

/** The page of the log for `search`; the open dialog (`event`) is no part of it. */
export const auditEventsQuery = ({ event: _event, ...search }: AuditLogSearch) =>
  queryOptions({
    queryKey: ['admin', 'audit', 'events', search],
    queryFn: () => fetchAuditEvents({ data: search }),
  })

export const auditEventQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'audit', 'event', id],
    queryFn: () => fetchAuditEvent({ data: { id } }),
    // An audit event never changes.
    staleTime: Number.POSITIVE_INFINITY,
  })

export const auditLogFilterOptionsQuery = ({
  organisation,
  actor,
}: Pick<AuditLogSearch, 'organisation' | 'actor'>) =>
  queryOptions({
    queryKey: ['admin', 'audit', 'filters', { organisation, actor }],
    queryFn: () => fetchAuditLogFilterOptions({ data: { organisation, actor } }),
  })
