import { pgEnum } from 'drizzle-orm/pg-core'

/**
 * Who did something, for the audit log and the stock ledger. In a module of its own, without
 * imports: both schemas use it while `db/schema.ts` is still loading.
 */
export const auditActorKind = pgEnum('audit_actor_kind', [
  'business_user',
  'shop_user',
  'visitor',
  'system',
])
