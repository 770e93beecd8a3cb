import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type {
  OrganisationListSearch,
  OrganisationRow,
  UserListSearch,
  UserRow,
} from '../../lib/admin'
import type { ListResult } from '../../lib/list-query'
import { type Actor, requireRole } from '../actor.server'
import type { Database } from '../db/client.server'
import { organisations, tenants, users } from '../db/schema'
import { listPage, searchCondition } from '../list-query.server'

/**
 * The platform admin console's lists of every organisation and user. Lists only: creating and
 * deactivating organisations is in `admin-organisations.server.ts`.
 */

/** Business users per organisation. */
const userCounts = (db: Database) =>
  db
    .select({ organisationId: users.organisationId, total: count().as('user_total') })
    .from(users)
    .groupBy(users.organisationId)
    .as('user_counts')

/** The shop host of an organisation (its first tenant). */
const shops = (db: Database) =>
  db
    .selectDistinctOn([tenants.organisationId], {
      organisationId: tenants.organisationId,
      slug: tenants.slug,
    })
    .from(tenants)
    .orderBy(tenants.organisationId, tenants.createdAt)
    .as('shops')

export async function listOrganisations(
  actor: Actor,
  query: OrganisationListSearch,
  db: Database,
): Promise<ListResult<OrganisationRow>> {
  requireRole(actor, 'admin')
  const userCount = userCounts(db)
  const shop = shops(db)
  const usersOf = sql<number>`coalesce(${userCount.total}, 0)::int`
  const select = db
    .select({
      id: organisations.id,
      name: organisations.name,
      category: organisations.category,
      city: organisations.city,
      users: usersOf,
      tenantSlug: shop.slug,
      active: sql<boolean>`${organisations.deactivatedAt} is null`,
      createdAt: organisations.createdAt,
    })
    .from(organisations)
    .leftJoin(userCount, eq(userCount.organisationId, organisations.id))
    .leftJoin(shop, eq(shop.organisationId, organisations.id))
    .where(
      and(
        searchCondition(query.q, [organisations.name, organisations.city, shop.slug]),
        query.category && eq(organisations.category, query.category),
        query.status &&
          (query.status === 'active'
            ? isNull(organisations.deactivatedAt)
            : isNotNull(organisations.deactivatedAt)),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      name: organisations.name,
      category: organisations.category,
      city: organisations.city,
      users: usersOf,
      createdAt: organisations.createdAt,
    },
    tiebreaker: organisations.id,
  })
  return {
    ...page,
    items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }
}

export async function listUsers(
  actor: Actor,
  query: UserListSearch,
  db: Database,
): Promise<ListResult<UserRow>> {
  requireRole(actor, 'admin')
  const select = db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: users.role,
      active: users.active,
      organisation: { id: organisations.id, name: organisations.name },
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(
      and(
        searchCondition(query.q, [users.name, users.username, users.email, organisations.name]),
        query.role && eq(users.role, query.role),
        query.status && eq(users.active, query.status === 'active'),
      ),
    )
    .$dynamic()
  const page = await listPage(db, select, query, {
    sortColumns: {
      name: users.name,
      username: users.username,
      organisation: organisations.name,
      role: users.role,
      createdAt: users.createdAt,
    },
    tiebreaker: users.id,
  })
  return {
    ...page,
    items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  }
}
