import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supplierListSearch } from '~/lib/purchase-orders'
import type { Actor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { demoIds } from '~/server/db/seed.server'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '~/server/errors.server'
import {
  archiveSupplier,
  createSupplier,
  getSupplier,
  listPlatformSellers,
  listSupplierOptions,
  listSuppliers,
  restoreSupplier,
  updateSupplier,
} from '~/server/purchase-orders/suppliers.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const external = (name: string) => ({
  kind: 'external' as const,
  name,
  street: 'Hafenstraße 9',
  postalCode: '28195',
  city: 'Bremen',
  country: 'DE',
  licenceType: 'medcang' as const,
  licenceNumber: 'MC-2025-117',
  contactName: 'Jana Meyer',
  email: 'jana.meyer@hanfkontor.example',
  phone: '0421 123456',
})

describe.each(testDatabaseKinds)('suppliers on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db
  const list = (actor: Actor, search: Record<string, unknown> = {}) =>
    listSuppliers(actor, supplierListSearch.parse(search as never), db())

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('adds a platform seller once, with its name and address from the platform', async () => {
    const sellers = await listPlatformSellers(actors.clubOwner, db())
    expect(sellers).toEqual([
      expect.objectContaining({
        id: demoIds.wholesaler,
        name: 'Nordhanf Großhandel GmbH',
        added: false,
      }),
    ])
    // Sonnen-Apotheke keeps Nordhanf already (demo data); the club adds it for accessories.
    const { id } = await createSupplier(
      actors.clubOwner,
      { kind: 'platform', supplierOrganisationId: demoIds.wholesaler },
      db(),
    )
    const detail = await getSupplier(actors.clubOwner, id, db())
    expect(detail).toMatchObject({
      kind: 'platform',
      name: 'Nordhanf Großhandel GmbH',
      city: 'Hamburg',
      street: 'Speicherstadt 3',
    })
    const again = await createSupplier(
      actors.clubOwner,
      { kind: 'platform', supplierOrganisationId: demoIds.wholesaler },
      db(),
    ).catch((error) => error)
    expect(again).toBeInstanceOf(ConflictError)
    expect((await listPlatformSellers(actors.clubOwner, db()))[0]?.added).toBe(true)
    // A pharmacy or a club is no seller; nor is one's own organisation.
    for (const organisation of [demoIds.club, demoIds.pharmacy]) {
      const refused = await createSupplier(
        actors.pharmacyOwner,
        { kind: 'platform', supplierOrganisationId: organisation },
        db(),
      ).catch((error) => error)
      expect(refused).toBeInstanceOf(InvalidError)
    }
  })

  it('keeps an external supplier with licence and contact, personal data out of the log', async () => {
    const { id } = await createSupplier(actors.pharmacyOwner, external('Hanfkontor Bremen'), db())
    await updateSupplier(
      actors.pharmacyOwner,
      id,
      { ...external('Hanfkontor Bremen GmbH'), contactName: 'Lea Schulz' },
      db(),
    )
    const detail = await getSupplier(actors.pharmacyStaff, id, db())
    expect(detail).toMatchObject({
      name: 'Hanfkontor Bremen GmbH',
      licence: 'Erlaubnis nach MedCanG: MC-2025-117',
      contactName: 'Lea Schulz',
    })
    const [update] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'supplier.updated')))
    expect(update?.after).toMatchObject({ name: 'Hanfkontor Bremen GmbH', contactName: 'changed' })
    expect(JSON.stringify([update?.before, update?.after])).not.toContain('Lea Schulz')

    const invalid = await createSupplier(
      actors.pharmacyOwner,
      { ...external(''), postalCode: '123', licenceNumber: '' },
      db(),
    ).catch((error) => error)
    expect(invalid.extra.errors).toMatchObject({
      name: 'Bitte gib den Namen an.',
      postalCode: 'Die Postleitzahl hat fünf Ziffern.',
      licenceNumber: 'Bitte gib die Nummer der Erlaubnis an.',
    })
  })

  it('archives and restores; archived suppliers leave the list and the order form', async () => {
    const { id } = await createSupplier(actors.pharmacyOwner, external('Altlieferant'), db())
    await archiveSupplier(actors.pharmacyOwner, id, db())
    expect((await list(actors.pharmacyOwner)).items.map((row) => row.id)).not.toContain(id)
    expect(
      (await list(actors.pharmacyOwner, { archived: 'yes' })).items.map((row) => row.id),
    ).toEqual([id])
    expect(
      (await listSupplierOptions(actors.pharmacyOwner, db())).map((row) => row.id),
    ).not.toContain(id)
    await expect(archiveSupplier(actors.pharmacyOwner, id, db())).rejects.toBeInstanceOf(
      ConflictError,
    )
    await restoreSupplier(actors.pharmacyStaff, id, db())
    expect((await list(actors.pharmacyOwner, { q: 'altlief' })).items.map((row) => row.id)).toEqual(
      [id],
    )
  })

  it('authorises owner and staff, lets the admin read and refuses everyone else', async () => {
    const { id } = await createSupplier(actors.pharmacyOwner, external('Matrix GmbH'), db())
    // The same name at the club: the pharmacy's answers below hold the pharmacy's supplier alone.
    await createSupplier(actors.clubOwner, external('Matrix GmbH'), db())
    const matrixIds = (rows: { id: string; name: string }[]) =>
      rows.filter((row) => row.name === 'Matrix GmbH').map((row) => row.id)
    /** A changed supplier as the pharmacy reads it back: it is (still) the pharmacy's. */
    const readBack = async ({ id: changed }: { id: string }) => {
      const stored = await getSupplier(actors.pharmacyOwner, changed, db())
      return { owner: stored.owner.id, name: stored.name, archived: stored.archivedAt !== null }
    }
    /** The admin reads without managing; the pharmacy's owner and staff manage. */
    const manages = (actor: Actor) => actor !== actors.admin
    /** Each call, and what it answers `actor` (the pharmacy's owner or staff, or the admin). */
    const calls: Record<
      string,
      { call: (actor: Actor) => Promise<unknown>; answer: (actor: Actor) => unknown }
    > = {
      listSuppliers: {
        call: async (actor) => {
          const search = supplierListSearch.parse({ organisation: demoIds.pharmacy, q: 'Matrix' })
          const suppliers = await listSuppliers(actor, search, db())
          return {
            owner: suppliers.owner.id,
            canManage: suppliers.owner.canManage,
            ids: suppliers.items.map((row) => row.id),
          }
        },
        answer: (actor) => ({ owner: demoIds.pharmacy, canManage: manages(actor), ids: [id] }),
      },
      getSupplier: {
        call: async (actor) => {
          const supplier = await getSupplier(actor, id, db())
          return {
            id: supplier.id,
            name: supplier.name,
            owner: supplier.owner.id,
            canManage: supplier.owner.canManage,
          }
        },
        answer: (actor) => ({
          id,
          name: 'Matrix GmbH',
          owner: demoIds.pharmacy,
          canManage: manages(actor),
        }),
      },
      listPlatformSellers: {
        call: async (actor) =>
          (await listPlatformSellers(actor, db())).map((seller) => ({
            id: seller.id,
            added: seller.added,
          })),
        // Sonnen-Apotheke keeps Nordhanf already (demo data).
        answer: () => [{ id: demoIds.wholesaler, added: true }],
      },
      listSupplierOptions: {
        call: async (actor) => matrixIds(await listSupplierOptions(actor, db())),
        answer: () => [id],
      },
      createSupplier: {
        call: async (actor) =>
          readBack(await createSupplier(actor, external(`Neu ${crypto.randomUUID()}`), db())),
        answer: () => ({
          owner: demoIds.pharmacy,
          name: expect.stringMatching(/^Neu /),
          archived: false,
        }),
      },
      updateSupplier: {
        call: async (actor) => {
          const updated = await updateSupplier(actor, id, external('Matrix GmbH'), db())
          return { id: updated.id, ...(await readBack(updated)) }
        },
        answer: () => ({ id, owner: demoIds.pharmacy, name: 'Matrix GmbH', archived: false }),
      },
      archiveAndRestore: {
        call: async (actor) => {
          const archived = await readBack(await archiveSupplier(actor, id, db()))
          const restored = await readBack(await restoreSupplier(actor, id, db()))
          return { archived: archived.archived, restored: restored.archived }
        },
        answer: () => ({ archived: true, restored: false }),
      },
    }
    const adminReads = ['listSuppliers', 'getSupplier']
    const ownOnly = ['listSupplierOptions', 'listPlatformSellers', 'createSupplier']
    for (const [name, { call, answer }] of Object.entries(calls)) {
      for (const [role, actor] of [
        ['owner', actors.pharmacyOwner],
        ['staff', actors.pharmacyStaff],
      ] as const) {
        expect(await call(actor), `${name} ${role}`).toEqual(answer(actor))
      }
      if (!ownOnly.includes(name)) {
        const other = await call(actors.clubOwner).catch((error) => error)
        expect(
          other instanceof NotFoundError || other instanceof ForbiddenError,
          `${name} other organisation`,
        ).toBe(true)
      }
      const admin = call(actors.admin)
      if (adminReads.includes(name)) {
        await expect(admin, `${name} admin`).resolves.toEqual(answer(actors.admin))
      } else await expect(admin, `${name} admin`).rejects.toBeInstanceOf(ForbiddenError)
      await expect(call(actors.shopCustomer), `${name} b2c`).rejects.toBeInstanceOf(ForbiddenError)
    }
    // What another organisation keeps stays its own: its list does not show the pharmacy's.
    expect((await list(actors.clubOwner)).items.map((row) => row.id)).not.toContain(id)
  })
})
