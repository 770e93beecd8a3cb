import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LetterheadInput } from '~/lib/organisation-settings'
import type { Actor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { organisations } from '~/server/db/schema'
import { demoIds, demoLetterheads } from '~/server/db/seed.server'
import { documentTotals } from '~/server/documents/document-content'
import { renderInvoicePdf } from '~/server/documents/render/index.server'
import { type DomainError, ForbiddenError, InvalidError } from '~/server/errors.server'
import { openStoredFile, storeFile } from '~/server/files/file-store.server'
import {
  documentSellerOf,
  getOrganisationSettings,
  updateLetterhead,
} from '~/server/organisations/organisation-settings.server'
import { findTenantBySlug } from '~/server/tenants.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const pharmacyLetterhead = (overrides: Partial<LetterheadInput> = {}): LetterheadInput => ({
  ...demoLetterheads[demoIds.pharmacy],
  logoFileId: null,
  ...overrides,
})

const png = (width = 60, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 180, b: 20 } } })
    .png()
    .toBuffer()

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => error,
  )

describe.each(testDatabaseKinds)('organisation settings on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  const storedLetterhead = async (id: string) => {
    const [row] = await db()
      .select({
        taxNumber: organisations.taxNumber,
        vatId: organisations.vatId,
        iban: organisations.iban,
        bankName: organisations.bankName,
        logoFileId: organisations.logoFileId,
      })
      .from(organisations)
      .where(eq(organisations.id, id))
    return row
  }

  const letterheadAudits = (id: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, id),
          eq(auditEvents.action, 'organisation.letterhead_updated'),
        ),
      )

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('the demo pharmacy and wholesaler have a letterhead with valid bank data', async () => {
    for (const [actor, id] of [
      [actors.pharmacyOwner, demoIds.pharmacy],
      [actors.wholesalerOwner, demoIds.wholesaler],
    ] as const) {
      const settings = await getOrganisationSettings(actor, id, db())
      expect(settings.letterhead).toMatchObject(demoLetterheads[id])
      expect(settings.editable).toBe(true)
    }
  })

  it('authorisation: own users read, only the owner edits, others are refused', async () => {
    const read = (actor: Actor, id = demoIds.pharmacy) => getOrganisationSettings(actor, id, db())
    expect((await read(actors.pharmacyOwner)).editable).toBe(true)
    expect((await read(actors.pharmacyStaff)).editable).toBe(false)
    expect((await read(actors.admin)).editable).toBe(false)
    for (const actor of [actors.wholesalerOwner, actors.clubOwner, actors.shopCustomer]) {
      expect(await failureOf(read(actor))).toBeInstanceOf(ForbiddenError)
    }

    const before = await storedLetterhead(demoIds.pharmacy)
    const change = pharmacyLetterhead({ bankName: 'Berliner Volksbank' })
    for (const actor of [
      actors.pharmacyStaff,
      actors.wholesalerOwner,
      actors.clubOwner,
      actors.admin,
      actors.shopCustomer,
    ]) {
      expect(
        await failureOf(updateLetterhead(actor, demoIds.pharmacy, change, db())),
      ).toBeInstanceOf(ForbiddenError)
    }
    expect(await storedLetterhead(demoIds.pharmacy)).toEqual(before)
  })

  it('refuses a wrong IBAN, VAT id or BIC with German messages and writes nothing', async () => {
    const before = await storedLetterhead(demoIds.pharmacy)
    const audits = (await letterheadAudits(demoIds.pharmacy)).length
    const cases: [Partial<LetterheadInput>, string][] = [
      [{ iban: 'DE89370400440532013001' }, 'iban'],
      [{ vatId: 'DE12345' }, 'vatId'],
      [{ bic: 'COBA' }, 'bic'],
      [{ taxNumber: '', vatId: '' }, 'taxNumber'],
      [{ website: 'keine adresse' }, 'website'],
      [{ email: 'kontakt@' }, 'email'],
    ]
    for (const [change, field] of cases) {
      const error = await failureOf(
        updateLetterhead(actors.pharmacyOwner, demoIds.pharmacy, pharmacyLetterhead(change), db()),
      )
      expect(error).toBeInstanceOf(InvalidError)
      expect(Object.keys((error as InvalidError).extra.errors ?? {})).toContain(field)
    }
    const ibanError = (await failureOf(
      updateLetterhead(
        actors.pharmacyOwner,
        demoIds.pharmacy,
        pharmacyLetterhead({ iban: 'DE89370400440532013001' }),
        db(),
      ),
    )) as InvalidError
    expect(ibanError.extra.errors?.iban).toBe(
      'Die IBAN ist ungültig. Bitte prüfe sie auf Tippfehler.',
    )
    expect(await storedLetterhead(demoIds.pharmacy)).toEqual(before)
    expect(await letterheadAudits(demoIds.pharmacy)).toHaveLength(audits)
  })

  it('saves a change compactly and audits only the changed fields, personal ones as "changed"', async () => {
    const saved = await updateLetterhead(
      actors.wholesalerOwner,
      demoIds.wholesaler,
      {
        ...demoLetterheads[demoIds.wholesaler],
        iban: 'de02 5001 0517 0137 0750 30',
        vatId: 'de 298765432',
        smallBusiness: true,
        email: 'rechnungen@nordhanf.example',
        logoFileId: null,
      },
      db(),
    )
    expect(saved.letterhead).toMatchObject({
      iban: 'DE02500105170137075030',
      vatId: 'DE298765432',
      smallBusiness: true,
      email: 'rechnungen@nordhanf.example',
    })
    const [audit, ...more] = await letterheadAudits(demoIds.wholesaler)
    expect(more).toHaveLength(0)
    expect(audit?.before).toEqual({
      iban: demoLetterheads[demoIds.wholesaler].iban,
      smallBusiness: false,
    })
    expect(audit?.after).toEqual({
      iban: 'DE02500105170137075030',
      smallBusiness: true,
      email: 'changed',
    })
    expect(audit?.organisationId).toBe(demoIds.wholesaler)

    // Saving the same again changes nothing and logs nothing.
    await updateLetterhead(
      actors.wholesalerOwner,
      demoIds.wholesaler,
      { ...saved.letterhead },
      db(),
    )
    expect(await letterheadAudits(demoIds.wholesaler)).toHaveLength(1)
  })

  it('keeps legal form, register and managers, refusing what the form requires but lacks', async () => {
    const audits = (await letterheadAudits(demoIds.wholesaler)).length
    const { letterhead: current } = await getOrganisationSettings(
      actors.wholesalerOwner,
      demoIds.wholesaler,
      db(),
    )
    const wholesaler = (overrides: Partial<LetterheadInput>): LetterheadInput => ({
      ...current,
      ...overrides,
    })
    const cases: [Partial<LetterheadInput>, string, RegExp][] = [
      [{ legalForm: 'gmbh', managers: [] }, 'managers', /Geschäftsführer \(§ 35a GmbHG\)/],
      [{ legalForm: 'gmbh', registerNumber: null }, 'registerNumber', /§ 35a GmbHG/],
      [{ legalForm: 'ag', supervisoryBoardChair: null }, 'supervisoryBoardChair', /§ 80 AktG/],
      [{ legalForm: 'registered_merchant', registerCourt: '' }, 'registerCourt', /§ 37a HGB/],
      [{ legalForm: 'eg', registerNumber: 'Nummer 5' }, 'registerNumber', /Registernummer/],
      [{ legalForm: 'sole_proprietor', managers: [' '] }, 'managers', /Inhaber/],
    ]
    for (const [change, field, message] of cases) {
      const error = await failureOf(
        updateLetterhead(actors.wholesalerOwner, demoIds.wholesaler, wholesaler(change), db()),
      )
      expect(error, field).toBeInstanceOf(InvalidError)
      expect((error as InvalidError).extra.errors?.[field]).toMatch(message)
    }
    expect(await letterheadAudits(demoIds.wholesaler)).toHaveLength(audits)

    const saved = await updateLetterhead(
      actors.wholesalerOwner,
      demoIds.wholesaler,
      wholesaler({
        legalForm: 'gmbh',
        registerCourt: ' Amtsgericht Hamburg ',
        registerNumber: 'HRB 178234',
        managers: ['Hanna Nordmann', '', 'Jens Ufer'],
        // Only an AG names a supervisory board chair: dropped for a GmbH.
        supervisoryBoardChair: 'Niemand',
      }),
      db(),
    )
    expect(saved.letterhead).toMatchObject({
      legalForm: 'gmbh',
      registerCourt: 'Amtsgericht Hamburg',
      managers: ['Hanna Nordmann', 'Jens Ufer'],
      supervisoryBoardChair: null,
    })
    const [audit] = (await letterheadAudits(demoIds.wholesaler)).slice(audits)
    expect(audit?.before).toEqual({ managers: ['Hanna Nordmann', 'Erik Lindqvist'] })
    expect(audit?.after).toEqual({ managers: ['Hanna Nordmann', 'Jens Ufer'] })
  })

  it('keeps one contact: the shop, its mails and its settings read the organisation record', async () => {
    const shop = async () => (await findTenantBySlug(db(), 'sonnen-apotheke'))?.config?.contact
    expect(await shop()).toMatchObject({
      phone: demoLetterheads[demoIds.pharmacy].phone,
      email: demoLetterheads[demoIds.pharmacy].email,
      street: 'Sonnenallee 12',
    })
    const { letterhead } = await getOrganisationSettings(
      actors.pharmacyOwner,
      demoIds.pharmacy,
      db(),
    )
    await updateLetterhead(
      actors.pharmacyOwner,
      demoIds.pharmacy,
      { ...letterhead, phone: '+49 30 7654321' },
      db(),
    )
    expect((await shop())?.phone).toBe('+49 30 7654321')
    // The opening hours stay the shop's own.
    expect((await shop())?.openingHours).toMatch(/Mo–Fr/)
    await updateLetterhead(actors.pharmacyOwner, demoIds.pharmacy, letterhead, db())
  })

  it('keeps the licence each category needs: a club names the authority, a pharmacy none', async () => {
    const pharmacy = await updateLetterhead(
      actors.pharmacyOwner,
      demoIds.pharmacy,
      pharmacyLetterhead({ licenceNumber: ' BE-APO-2019-0999 ', licenceAuthority: 'Bezirksamt' }),
      db(),
    )
    expect(pharmacy.letterhead).toMatchObject({
      licenceNumber: 'BE-APO-2019-0999',
      licenceAuthority: null,
    })
    const club = await updateLetterhead(
      actors.clubOwner,
      demoIds.club,
      {
        ...pharmacyLetterhead(),
        taxNumber: '231/107/12345',
        vatId: null,
        licenceNumber: 'KCanG-AV-SN-0042',
        licenceAuthority: 'Landesdirektion Sachsen',
        logoFileId: null,
      },
      db(),
    )
    expect(club.letterhead).toMatchObject({
      licenceNumber: 'KCanG-AV-SN-0042',
      licenceAuthority: 'Landesdirektion Sachsen',
    })
    expect(
      (await getOrganisationSettings(actors.clubOwner, demoIds.club, db())).letterhead,
    ).toMatchObject({
      licenceAuthority: 'Landesdirektion Sachsen',
    })
    // The club has no AMG licence: it stays empty.
    expect(club.letterhead).toMatchObject({ amgLicenceNumber: null, amgLicenceAuthority: null })
  })

  it("keeps a wholesaler's MedCanG permit and § 52a AMG licence, each with its authority", async () => {
    const wholesaler = await updateLetterhead(
      actors.wholesalerOwner,
      demoIds.wholesaler,
      {
        ...demoLetterheads[demoIds.wholesaler],
        logoFileId: null,
        amgLicenceNumber: ' HH-52a-2026-0001 ',
        amgLicenceAuthority: 'Behörde für Justiz und Verbraucherschutz Hamburg',
      },
      db(),
    )
    expect(wholesaler.letterhead).toMatchObject({
      licenceNumber: 'MedCanG-E-2024-0178',
      licenceAuthority: 'Bundesinstitut für Arzneimittel und Medizinprodukte (BfArM)',
      amgLicenceNumber: 'HH-52a-2026-0001',
      amgLicenceAuthority: 'Behörde für Justiz und Verbraucherschutz Hamburg',
    })
    const pharmacy = await updateLetterhead(
      actors.pharmacyOwner,
      demoIds.pharmacy,
      pharmacyLetterhead({ amgLicenceNumber: 'HH-52a-0000' }),
      db(),
    )
    expect(pharmacy.letterhead.amgLicenceNumber).toBeNull()
  })

  it('parallel saves of the owner serialise: every change is logged, the last one stands', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `Bank ${index + 1}`)
    const before = await letterheadAudits(demoIds.pharmacy)
    const initial = (await storedLetterhead(demoIds.pharmacy))?.bankName
    const results = await Promise.allSettled(
      names.map((bankName) =>
        updateLetterhead(
          actors.pharmacyOwner,
          demoIds.pharmacy,
          pharmacyLetterhead({ bankName }),
          db(),
        ),
      ),
    )
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true)
    const seen = new Set(before.map((row) => row.id))
    const audits = (await letterheadAudits(demoIds.pharmacy)).filter((row) => !seen.has(row.id))
    expect(audits).toHaveLength(names.length)
    const finalName = (await storedLetterhead(demoIds.pharmacy))?.bankName
    expect(names).toContain(finalName)
    // Each change starts from the value the previous one left: following "before" → "after"
    // from the initial name visits every change once and ends at the stored name.
    const next = new Map(audits.map((row) => [row.before?.bankName, row.after?.bankName]))
    let current = initial
    for (let step = 0; step < names.length; step++) current = next.get(current) as string
    expect(current).toBe(finalName)
  })

  it('the owner uploads a logo the organisation reads and its documents print', async () => {
    const logo = await png()
    // Only the owner uploads; PNG or JPEG only; at most 2 MB.
    expect(
      await failureOf(storeFile(actors.pharmacyStaff, 'organisation_logo', logo, db())),
    ).toBeInstanceOf(ForbiddenError)
    const webp = await sharp(logo).webp().toBuffer()
    const refused = await failureOf(
      storeFile(actors.pharmacyOwner, 'organisation_logo', webp, db()),
    )
    expect((refused as DomainError).status).toBe(415)
    const huge = new Uint8Array(2 * 1024 * 1024 + 1)
    huge.set(logo)
    expect(
      (
        (await failureOf(
          storeFile(actors.pharmacyOwner, 'organisation_logo', huge, db()),
        )) as DomainError
      ).status,
    ).toBe(413)

    const stored = await storeFile(actors.pharmacyOwner, 'organisation_logo', logo, db())
    expect(stored.contentType).toBe('image/png')
    // Another organisation's logo cannot be named.
    const foreign = await storeFile(actors.wholesalerOwner, 'organisation_logo', logo, db())
    const error = await failureOf(
      updateLetterhead(
        actors.pharmacyOwner,
        demoIds.pharmacy,
        pharmacyLetterhead({ logoFileId: foreign.id }),
        db(),
      ),
    )
    expect((error as InvalidError).extra.errors?.logoFileId).toBeDefined()

    await updateLetterhead(
      actors.pharmacyOwner,
      demoIds.pharmacy,
      pharmacyLetterhead({ logoFileId: stored.id, bankName: 'Commerzbank Berlin' }),
      db(),
    )
    expect((await openStoredFile(actors.pharmacyStaff, stored.id, db())).contentType).toBe(
      'image/png',
    )
    expect(
      ((await failureOf(openStoredFile(actors.wholesalerOwner, stored.id, db()))) as DomainError)
        .status,
    ).toBe(404)

    const seller = await documentSellerOf(db(), demoIds.pharmacy)
    expect(seller).toMatchObject({
      name: 'Sonnen-Apotheke',
      address: { street: 'Sonnenallee 12', postalCode: '12045', city: 'Berlin', country: 'DE' },
      taxNumber: '29/512/34567',
      vatId: 'DE287654321',
      iban: 'DE89370400440532013000',
    })
    expect(seller.logo?.slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))

    const items = [
      {
        position: 1,
        name: 'Bedrocan – Blüten',
        pzn: '17261520',
        quantity: 5,
        salesUnit: 'gram' as const,
        unitNetCents: 1200,
        vatRate: '19' as const,
        lineNetCents: 6000,
        unitGrossCents: null,
        lineGrossCents: null,
        batches: [],
      },
    ]
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      number: 'RE-2026-00001',
      issueDate: '2026-11-20',
      deliveryDate: '2026-11-20',
      orderNumber: null,
      orderDate: null,
      seller,
      recipient: {
        kind: 'person',
        name: 'Erika Müller',
        contactName: null,
        address: { street: 'Lindenallee 3', postalCode: '12043', city: 'Berlin', country: 'DE' },
        vatId: null,
        customerNumber: null,
        email: null,
        eInvoiceAddress: null,
      },
      items,
      priceBasis: 'net',
      totals: documentTotals(items, 'net'),
      advanceInvoice: false,
      payment: { kind: 'none' },
      dueDate: null,
      buyerOrderReference: null,
      paidCents: 0,
      vatExemption: null,
      eInvoiceFormat: null,
      notes: null,
      prescription: null,
      cancels: null,
      corrects: null,
      creditReason: null,
    })
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    })
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain('Steuernummer 29/512/34567')
    expect(flat).toContain('IBAN DE89 3704 0044 0532 0130 00')
    expect(flat).toContain('Sonnenallee 12, 12045 Berlin')
  })
})
