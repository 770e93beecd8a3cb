import type { BusinessActor, ShopActor } from '~/server/actor.server'
import { getActiveBusinessUser, getActiveShopUser } from '~/server/auth.server'
import type { Database } from '~/server/db/client.server'
import { shopUsers } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { resolveTenant, type Tenant } from '~/server/tenants.server'

/** The actor a verified access token of this demo business user would give a service. */
export async function businessActorOf(db: Database, userId: string): Promise<BusinessActor> {
  const user = await getActiveBusinessUser(db, userId)
  if (!user) throw new Error(`demo user ${userId} missing`)
  return {
    kind: 'business',
    user,
    organisation: user.organisation,
    sessionId: crypto.randomUUID(),
    requestId: null,
  }
}

/** The demo shop customer of Sonnen-Apotheke as a service sees them. */
export async function shopActorOf(db: Database): Promise<ShopActor> {
  const user = await getActiveShopUser(db, demoIds.shopCustomer)
  const tenant = await resolveTenant(
    db,
    'sonnen-apotheke.blattwerk.localhost',
    'blattwerk.localhost',
  )
  if (!user || !tenant) throw new Error('demo shop customer missing')
  return { kind: 'shop', user, tenant, sessionId: crypto.randomUUID(), requestId: null }
}

/** Every kind of caller a business service's authorisation matrix checks. */
export async function demoActors(db: Database) {
  return {
    admin: await businessActorOf(db, demoIds.userAdmin),
    pharmacyOwner: await businessActorOf(db, demoIds.userPharmacyOwner),
    /** A PTA: prepares, but takes no pharmacist-only step (ApBetrO § 7). */
    pharmacyStaff: await businessActorOf(db, demoIds.userPharmacyStaff),
    /** Sonnen-Apotheke's second pharmacist, staff like the PTA. */
    pharmacyPharmacist: await businessActorOf(db, demoIds.userPharmacyPharmacist),
    wholesalerOwner: await businessActorOf(db, demoIds.userWholesalerOwner),
    clubOwner: await businessActorOf(db, demoIds.userClubOwner),
    shopCustomer: await shopActorOf(db),
  }
}

/** A new, confirmed shop account on `shop` (one per test, so hourly limits never carry over). */
export async function newShopCustomer(
  db: Database,
  shop: Tenant,
  person: { email: string; name: string },
): Promise<ShopActor> {
  const [user] = await db
    .insert(shopUsers)
    .values({
      tenantId: shop.id,
      email: person.email,
      name: person.name,
      passwordHash: 'not-a-login',
      emailConfirmedAt: new Date(),
    })
    .returning()
  if (!user) throw new Error('shop user not inserted')
  return {
    kind: 'shop',
    user: { id: user.id, email: user.email, name: user.name, tenant: shop.slug },
    tenant: shop,
    sessionId: crypto.randomUUID(),
    requestId: null,
  }
}
