import { and, count, eq, isNull } from 'drizzle-orm'
import { hashPassword } from '../password.server'
import type { Database } from './client.server'
import { organisations, shopUsers, tenants, users } from './schema'
import { seedDemoAuditHistory } from './seed-audit.server'
import { seedDemoCustomers } from './seed-customers.server'
import { seedDemoDocuments } from './seed-documents.server'
import { demoClubTeamLogin, seedDemoFillings } from './seed-fillings.server'
import { seedDemoHandouts } from './seed-handouts.server'
import { seedDemoHistory } from './seed-history.server'
import { demoIds } from './seed-ids.server'
import { seedDemoOrders } from './seed-orders.server'
import { seedDemoPackPhotos } from './seed-pack-photos.server'
import { seedDemoProducts } from './seed-products.server'
import { seedDemoPurchaseOrders } from './seed-purchase-orders.server'
import { seedDemoShopOrders } from './seed-shop-orders.server'
import { demoCertificateIds, seedDemoStock } from './seed-stock.server'
import { seedDemoSupport } from './seed-support.server'
import { seedDemoTeam } from './seed-team.server'
import { demoTenantConfigs, seedDemoMailOrderLogo } from './seed-tenants.server'

export { demoCustomerIds } from './seed-customers.server'
export { demoProductIds } from './seed-data/products'
export { demoIds } from './seed-ids.server'

export const demoBusinessLogins = [
  {
    id: demoIds.userAdmin,
    organisationId: demoIds.platform,
    username: 'admin',
    password: 'admin-demo-2026',
    role: 'admin',
    qualification: 'other',
    name: 'Plattform-Admin',
    email: 'admin@blattwerk.localhost',
  },
  {
    id: demoIds.userPharmacyOwner,
    organisationId: demoIds.pharmacy,
    username: 'apotheke',
    password: 'apotheke-demo-2026',
    role: 'owner',
    qualification: 'pharmacist',
    name: 'Dr. Clara Sonnberg',
    email: 'inhaberin@sonnen-apotheke.example',
  },
  {
    id: demoIds.userClubOwner,
    organisationId: demoIds.club,
    username: 'verein',
    password: 'verein-demo-2026',
    role: 'owner',
    qualification: 'other',
    name: 'Jonas Feld',
    email: 'vorstand@gruene-ecke.example',
  },
  {
    id: demoIds.userWholesalerOwner,
    organisationId: demoIds.wholesaler,
    username: 'grosshandel',
    password: 'grosshandel-demo-2026',
    role: 'owner',
    qualification: 'other',
    name: 'Miriam Nord',
    email: 'einkauf@nordhanf.example',
  },
  {
    id: demoIds.userPharmacyStaff,
    organisationId: demoIds.pharmacy,
    username: 'mitarbeiter',
    password: 'mitarbeiter-demo-2026',
    role: 'staff',
    qualification: 'pta',
    name: 'Tobias Licht',
    email: 'team@sonnen-apotheke.example',
  },
  {
    id: demoIds.userPharmacyPharmacist,
    organisationId: demoIds.pharmacy,
    username: 'apothekerin',
    password: 'apothekerin-demo-2026',
    role: 'staff',
    qualification: 'pharmacist',
    name: 'Ayla Kern',
    email: 'apothekerin@sonnen-apotheke.example',
  },
  {
    id: demoIds.userMarketPharmacyOwner,
    organisationId: demoIds.marketPharmacy,
    username: 'markt',
    password: 'markt-demo-2026',
    role: 'owner',
    qualification: 'pharmacist',
    name: 'Jonas Marquardt',
    email: 'inhaber@apotheke-am-markt.example',
  },
] as const

export const demoShopLogins = [
  {
    id: demoIds.shopCustomer,
    tenantId: demoIds.tenantPharmacy,
    tenantSlug: 'sonnen-apotheke',
    email: 'kunde@example.com',
    password: 'kunde-demo-2026',
    name: 'Kim Kunde',
  },
] as const

/**
 * The letterheads of the demo pharmacy and wholesaler (fake data; the IBANs have valid check
 * digits), so their invoices and e-invoices can be issued right away.
 */
export const demoLetterheads = {
  [demoIds.pharmacy]: {
    taxNumber: '29/512/34567',
    vatId: 'DE287654321',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank Berlin',
    email: 'kontakt@sonnen-apotheke.example',
    phone: '+49 30 1234567',
    website: 'www.sonnen-apotheke.example',
    licenceNumber: 'BE-APO-2019-0412',
    // A pharmacy is run by its pharmacist in person (§ 8 ApoG): a registered merchant.
    legalForm: 'registered_merchant',
    registerCourt: 'Amtsgericht Charlottenburg',
    registerNumber: 'HRA 58213 B',
    managers: ['Dr. Clara Sonnberg'],
  },
  [demoIds.wholesaler]: {
    taxNumber: '43/721/01234',
    vatId: 'DE298765432',
    iban: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    bankName: 'Deutsche Kreditbank',
    email: 'buchhaltung@nordhanf.example',
    phone: '+49 40 5551234',
    website: 'www.nordhanf.example',
    licenceNumber: 'MedCanG-E-2024-0178',
    licenceAuthority: 'Bundesinstitut für Arzneimittel und Medizinprodukte (BfArM)',
    amgLicenceNumber: 'HH-52a-2022-0317',
    amgLicenceAuthority: 'Behörde für Justiz und Verbraucherschutz Hamburg',
    legalForm: 'gmbh',
    registerCourt: 'Amtsgericht Hamburg',
    registerNumber: 'HRB 178234',
    managers: ['Hanna Nordmann', 'Erik Lindqvist'],
  },
  [demoIds.marketPharmacy]: {
    taxNumber: '046/123/45678',
    vatId: 'DE312345678',
    iban: 'DE75512108001245126199',
    bic: 'SOGEDEFFXXX',
    bankName: 'Mittelbrandenburgische Sparkasse',
    email: 'buchhaltung@apotheke-am-markt.example',
    phone: '+49 331 2345678',
    website: 'www.apotheke-am-markt.example',
    licenceNumber: 'BB-APO-2021-0093',
    legalForm: 'registered_merchant',
    registerCourt: 'Amtsgericht Potsdam',
    registerNumber: 'HRA 4127 P',
    managers: ['Jonas Marquardt'],
  },
} as const satisfies Record<string, Partial<typeof organisations.$inferInsert>>

/**
 * Phone numbers earlier demo data kept on the letterhead while the shop said another: the
 * organisation's record is the one contact now, so a seeded database gets the shop's number.
 */
const demoPhoneFixes = [
  { id: demoIds.pharmacy, wrong: '+49 30 6123456', right: '+49 30 1234567' },
  { id: demoIds.marketPharmacy, wrong: '+49 331 2345679', right: '+49 331 2345678' },
]

/** When the demo customer registered and confirmed her address. */
const demoShopAccountsSince = new Date('2026-03-02T10:00:00.000Z')

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(organisations)
  return (row?.value ?? 0) === 0
}

/**
 * Inserts the demo organisations, tenants, accounts and product catalogue; rows that already
 * exist stay untouched.
 */
export async function seedDemoData(db: Database): Promise<void> {
  const businessHashes = await Promise.all(
    demoBusinessLogins.map((login) => hashPassword(login.password)),
  )
  const shopHashes = await Promise.all(demoShopLogins.map((login) => hashPassword(login.password)))

  await db.transaction(async (tx) => {
    await tx
      .insert(organisations)
      .values([
        {
          id: demoIds.platform,
          name: 'Blattwerk Plattform',
          category: 'platform',
          street: 'Hanfweg 1',
          postalCode: '10115',
          city: 'Berlin',
        },
        {
          id: demoIds.pharmacy,
          name: 'Sonnen-Apotheke',
          category: 'pharmacy',
          street: 'Sonnenallee 12',
          postalCode: '12045',
          city: 'Berlin',
        },
        {
          id: demoIds.club,
          name: 'Grüne Ecke e.V.',
          category: 'club',
          minMembershipMonths: 3,
          street: 'Gartenstraße 7',
          postalCode: '04109',
          city: 'Leipzig',
        },
        {
          id: demoIds.wholesaler,
          name: 'Nordhanf Großhandel GmbH',
          category: 'wholesaler',
          street: 'Speicherstadt 3',
          postalCode: '20457',
          city: 'Hamburg',
        },
        {
          id: demoIds.marketPharmacy,
          name: 'Apotheke am Markt',
          category: 'pharmacy',
          street: 'Am Alten Markt 5',
          postalCode: '14467',
          city: 'Potsdam',
        },
      ])
      .onConflictDoNothing()
    // Only where no letterhead was entered yet: a demo owner's own changes stay.
    for (const [
      id,
      { legalForm, registerCourt, registerNumber, managers, ...letterhead },
    ] of Object.entries(demoLetterheads)) {
      await tx
        .update(organisations)
        .set(letterhead)
        .where(
          and(
            eq(organisations.id, id),
            isNull(organisations.taxNumber),
            isNull(organisations.vatId),
          ),
        )
      // Databases seeded before legal forms were kept get them too.
      await tx
        .update(organisations)
        .set({ legalForm, registerCourt, registerNumber, managers: [...managers] })
        .where(and(eq(organisations.id, id), isNull(organisations.legalForm)))
    }
    for (const fix of demoPhoneFixes) {
      await tx
        .update(organisations)
        .set({ phone: fix.right })
        .where(and(eq(organisations.id, fix.id), eq(organisations.phone, fix.wrong)))
    }
    await seedDemoMailOrderLogo(tx)
    await tx
      .insert(tenants)
      .values([
        {
          id: demoIds.tenantPharmacy,
          slug: 'sonnen-apotheke',
          organisationId: demoIds.pharmacy,
          config: demoTenantConfigs.sonnenApotheke,
        },
        { id: demoIds.tenantClub, slug: 'gruene-ecke', organisationId: demoIds.club, config: null },
        {
          id: demoIds.tenantMarketPharmacy,
          slug: 'apotheke-am-markt',
          organisationId: demoIds.marketPharmacy,
          config: demoTenantConfigs.apothekeAmMarkt,
        },
      ])
      .onConflictDoNothing()
    await tx
      .insert(users)
      .values(
        demoBusinessLogins.map(({ password: _password, ...login }, index) => ({
          ...login,
          passwordHash: businessHashes[index] as string,
        })),
      )
      .onConflictDoNothing()
    await tx
      .insert(shopUsers)
      .values(
        demoShopLogins.map(({ password: _password, tenantSlug: _slug, ...login }, index) => ({
          ...login,
          passwordHash: shopHashes[index] as string,
          emailConfirmedAt: demoShopAccountsSince,
          privacyConsentAt: demoShopAccountsSince,
        })),
      )
      .onConflictDoNothing()
    await seedDemoProducts(tx, demoIds)
    await seedDemoPackPhotos(tx, demoIds.userAdmin)
    await seedDemoStock(tx, demoIds)
    await seedDemoCustomers(tx, demoIds)
    await seedDemoTeam(tx, demoIds)
    await seedDemoSupport(tx, demoIds)
  })
  // Through the services, each in its own transaction, on top of the stock above.
  await seedDemoPurchaseOrders(db)
  await seedDemoOrders(db)
  // Documents are issued from the demo orders found by status.
  await seedDemoDocuments(db)
  await seedDemoShopOrders(db)
  // Grüne Ecke's members near their monthly limit, from its demo harvests.
  await seedDemoHandouts(db)
  // Fillings of bulk stock: confirmed ones at both, and one waiting for its second check.
  await seedDemoFillings(db)
  // A year of completed orders and hand-outs before today, from batches emptied by them (ADR 047).
  await seedDemoHistory(db, { ...demoIds, userClubTeam: demoClubTeamLogin.id }, demoCertificateIds)
  // Last: the audit history of the rows above that were not made through a service.
  await seedDemoAuditHistory(db, demoIds)
}
