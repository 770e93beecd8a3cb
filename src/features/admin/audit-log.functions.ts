import { createServerFn } from '@tanstack/react-start'
import { type AuditLogSearch, auditLogSearch } from '~/lib/audit-log-lists'
import {
  getAuditEvent,
  listAuditEvents,
  listAuditLogFilterOptions,
} from '~/server/admin/audit-log.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, readBy } from '../server-fn/inputs'

/** What the audit log page reads; its loader calls these. */

export const fetchAuditEvents = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(auditLogSearch.parse))
  .handler(async ({ data, context }) => listAuditEvents(context.actor, data, context.db))

export const fetchAuditEvent = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getAuditEvent(context.actor, data.id, context.db))

/** The filters' choices depend on the chosen organisation (its users) and actor (their name). */
const parseFilterOptionsInput = (
  input: unknown,
): Pick<AuditLogSearch, 'organisation' | 'actor'> => {
  const { organisation, actor } = auditLogSearch.parse(input as Record<string, never>)
  return { organisation, actor }
}

export const fetchAuditLogFilterOptions = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(parseFilterOptionsInput))
  .handler(async ({ data, context }) => listAuditLogFilterOptions(context.actor, data, context.db))
