import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organisations } from '../db/core.schema'
import { auditActorKind } from './audit-actor.schema'

/**
 * The append-only audit trail: who did what to which record, and the business fields before and
 * after. Personal values never land here (only the fact that they changed), so anonymising a
 * person never needs to touch this table. A trigger refuses UPDATE and DELETE (migration 0002).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organisation the record belongs to; null for the platform's own and anonymous events. */
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    actorKind: auditActorKind('actor_kind').notNull(),
    /** User or shop-user id; the job name for `system`; null for visitors. */
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_organisation_created_idx').on(table.organisationId, table.createdAt),
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
    // The admin's audit viewer pages newest first by (created_at, id) under any one filter.
    index('audit_events_created_idx').on(table.createdAt, table.id),
    index('audit_events_actor_created_idx').on(table.actorId, table.createdAt),
    index('audit_events_action_created_idx').on(table.action, table.createdAt),
    index('audit_events_entity_type_created_idx').on(table.entityType, table.createdAt),
  ],
)
