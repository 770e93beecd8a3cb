import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerListSearch } from '~/lib/customer-lists'
import { berlinIsoDate } from '~/lib/format'
import { auditEvents } from '~/server/audit/audit.schema'
import {
  customerOrderEvidence,
  customerOrderPrescriptions,
  customerOrders,
  customerOrderWithdrawals,
} from '~/server/customer-orders/customer-orders.schema'
import { anonymiseCustomer } from '~/server/customers/customer-privacy.server'
import { customers } from '~/server/customers/customers.schema'
import {
  createCustomer,
  listCustomers,
  searchCustomerOptions,
} from '~/server/customers/customers.server'
import { storedFiles } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { documents } from '~/server/documents/documents.schema'
import { openDocumentFile } from '~/server/documents/documents.server'
import { ConflictError, NotFoundError } from '~/server/errors.server'
import { handouts } from '~/server/handouts/handouts.schema'
import { applyRetention } from '~/server/retention/retention.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const day = 86_400_000
const berlinToday = () => berlinIsoDate()
/** Noon UTC of a day: the same day in Berlin. */
const noon = (year: number, month: number, dayOfMonth: number) =>
  new Date(Date.UTC(year, month - 1, dayOfMonth, 12))

const patient = (lastName: string) => ({
  kind: 'patient' as const,
  firstName: 'Rosa',
  lastName,
  birthDate: '1970-02-03',
  street: 'Lindenweg 4',
  postalCode: '10437',
  city: 'Berlin',
  country: 'DE',
  email: `${lastName.toLowerCase()}@example.org`,
  phone: '030 555123',
  payerKind: 'statutory' as const,
  insurerName: 'AOK Nordost',
  insuranceNumber: 'A123456789',
  copaymentExempt: false,
})

describe.each(testDatabaseKinds)('retention on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const storeFile = async (purpose: 'prescription_scan' | 'issued_document') => {
    const [file] = await db()
      .insert(storedFiles)
      .values({
        organisationId: demoIds.pharmacy,
        purpose,
        contentType: 'application/pdf',
        byteSize: 4,
        sha256: 'ab'.repeat(32),
        data: Buffer.from('%PDF'),
      })
      .returning({ id: storedFiles.id })
    return file?.id as string
  }

  /** A closed order of the customer with a prescription (scan and e-Rezept evidence). */
  const orderWithPrescription = async (
    customerId: string,
    number: string,
    closed: { status: 'completed' | 'cancelled'; at: Date },
  ) => {
    const [order] = await db()
      .insert(customerOrders)
      .values({
        organisationId: demoIds.pharmacy,
        number,
        customerId,
        channel: 'shop',
        status: closed.status,
        priceBasis: 'gross',
        deliveryName: 'Rosa Lieferung',
        deliveryStreet: 'Lindenweg 4',
        billingName: 'Rosa Rechnung',
        billingStreet: 'Lindenweg 4',
        completedAt: closed.status === 'completed' ? closed.at : null,
        cancelledAt: closed.status === 'cancelled' ? closed.at : null,
        cancelReason: closed.status === 'cancelled' ? 'Rezept ungültig' : null,
      })
      .returning({ id: customerOrders.id })
    const orderId = order?.id as string
    const scanFileId = await storeFile('prescription_scan')
    await db().insert(customerOrderEvidence).values({
      orderId,
      organisationId: demoIds.pharmacy,
      payer: 'statutory',
      kind: 'upload',
      scanFileId,
    })
    await db().insert(customerOrderPrescriptions).values({
      orderId,
      organisationId: demoIds.pharmacy,
      payer: 'statutory',
      form: 'paper',
      prescriberName: 'Dr. Falk',
      issuedOn: '2026-01-05',
      dosage: 'abends 0,1 g',
      insurerName: 'AOK Nordost',
      insuranceNumber: 'A123456789',
      scanFileId,
    })
    return { orderId, scanFileId }
  }

  const prescriptionOf = async (orderId: string) =>
    (
      await db()
        .select()
        .from(customerOrderPrescriptions)
        .where(eq(customerOrderPrescriptions.orderId, orderId))
    )[0]
  const fileExists = async (id: string) =>
    (await db().select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.id, id)))
      .length > 0

  it('restricts a patient while an invoice is kept, and anonymises them when the eight years end', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Rechnungsfrist'), db())
    // Completed and invoiced at the end of 2026 (Berlin): 31 December, 23:30.
    const issuedAt = new Date(Date.UTC(2026, 11, 31, 22, 30))
    const { orderId, scanFileId } = await orderWithPrescription(id, 'AU-2026-R0001', {
      status: 'completed',
      at: issuedAt,
    })
    await db()
      .insert(documents)
      .values({
        organisationId: demoIds.pharmacy,
        kind: 'invoice',
        number: 'RE-2026-R0001',
        orderId,
        customerId: id,
        content: {},
        pdfFileId: await storeFile('issued_document'),
        netCents: 0,
        vatCents: 0,
        grossCents: 0,
        issuedAt,
      })
    const [row] = await db().select().from(customers).where(eq(customers.id, id))
    expect(
      await anonymiseCustomer(actors.pharmacyOwner, id, { revision: row?.revision }, db()),
    ).toEqual({ id, restricted: true })
    const [restricted] = await db().select().from(customers).where(eq(customers.id, id))
    // Kept for the authority: the name; gone now: what no record needs.
    expect(restricted).toMatchObject({
      lastName: 'Rechnungsfrist',
      email: null,
      phone: null,
      insuranceNumber: null,
      anonymisedAt: null,
    })
    expect(restricted?.restrictedAt).not.toBeNull()
    // Hidden from the list, the search and the pickers.
    const listed = await listCustomers(
      actors.pharmacyOwner,
      customerListSearch.parse({ q: 'Rechnungsfrist' }),
      db(),
    )
    expect(listed.total).toBe(0)
    expect(await searchCustomerOptions(actors.pharmacyOwner, 'Rechnungsfrist', db())).toEqual([])
    const again = await anonymiseCustomer(
      actors.pharmacyOwner,
      id,
      { revision: restricted?.revision },
      db(),
    ).catch((error) => error)
    expect(again).toBeInstanceOf(ConflictError)
    expect(again.message).toMatch(/§ 147 AO/)

    // The invoice of 2026 is kept to the end of 2034 (Berlin).
    const lastDay = new Date(Date.UTC(2034, 11, 31, 22, 30))
    expect((await applyRetention(db(), lastDay)).customersAnonymised).toBe(0)
    expect((await prescriptionOf(orderId))?.dosage).toBe('abends 0,1 g')
    expect(await fileExists(scanFileId)).toBe(true)

    const firstFreeDay = new Date(Date.UTC(2034, 11, 31, 23, 30))
    const passes = await Promise.all(
      Array.from({ length: 6 }, () => applyRetention(db(), firstFreeDay)),
    )
    expect(passes.reduce((sum, pass) => sum + pass.customersAnonymised, 0)).toBe(1)
    expect((await applyRetention(db(), firstFreeDay)).customersAnonymised).toBe(0)
    const [anonymised] = await db().select().from(customers).where(eq(customers.id, id))
    expect(anonymised).toMatchObject({ lastName: 'Anonymisiert', firstName: null })
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, orderId))
    expect(order).toMatchObject({
      deliveryName: null,
      deliveryStreet: null,
      billingName: null,
      billingStreet: null,
    })
    expect(await prescriptionOf(orderId)).toMatchObject({
      prescriberName: 'Anonymisiert',
      dosage: null,
      insuranceNumber: null,
      insurerName: null,
      scanFileId: null,
      eRezeptToken: null,
      issuedOn: '2026-01-05',
    })
    expect(
      await db()
        .select()
        .from(customerOrderEvidence)
        .where(eq(customerOrderEvidence.orderId, orderId)),
    ).toEqual([])
    expect(await fileExists(scanFileId)).toBe(false)
  })

  it('anonymises right away what no record keeps, scans included', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Ohnebeleg'), db())
    const { orderId, scanFileId } = await orderWithPrescription(id, 'AU-2026-R0002', {
      status: 'cancelled',
      at: new Date(),
    })
    const [row] = await db().select().from(customers).where(eq(customers.id, id))
    expect(
      await anonymiseCustomer(actors.pharmacyOwner, id, { revision: row?.revision }, db()),
    ).toEqual({ id, restricted: false })
    expect((await prescriptionOf(orderId))?.insuranceNumber).toBeNull()
    expect(await fileExists(scanFileId)).toBe(false)
  })

  it('erases a cancelled order’s prescription of a staying customer 30 days after it closed', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Bleibt'), db())
    const cancelledAt = noon(2026, 3, 1)
    const { orderId, scanFileId } = await orderWithPrescription(id, 'AU-2026-R0003', {
      status: 'cancelled',
      at: cancelledAt,
    })
    await applyRetention(db(), new Date(cancelledAt.getTime() + 29 * day))
    expect((await prescriptionOf(orderId))?.dosage).toBe('abends 0,1 g')
    expect(await fileExists(scanFileId)).toBe(true)

    const after = new Date(cancelledAt.getTime() + 30 * day)
    expect((await applyRetention(db(), after)).prescriptionsErased).toBeGreaterThanOrEqual(1)
    expect(await prescriptionOf(orderId)).toMatchObject({ dosage: null, scanFileId: null })
    expect(await fileExists(scanFileId)).toBe(false)
    expect((await applyRetention(db(), after)).prescriptionsErased).toBe(0)
    // The customer stays as they are.
    const [customer] = await db().select().from(customers).where(eq(customers.id, id))
    expect(customer).toMatchObject({ lastName: 'Bleibt', anonymisedAt: null })
  })

  it('keeps a dispensed order’s prescription five years to the end of the year (§ 22 ApBetrO)', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Abgegeben'), db())
    const { orderId } = await orderWithPrescription(id, 'AU-2026-R0004', {
      status: 'completed',
      at: noon(2026, 6, 1),
    })
    await applyRetention(db(), noon(2031, 12, 31))
    expect((await prescriptionOf(orderId))?.dosage).toBe('abends 0,1 g')
    await applyRetention(db(), noon(2032, 1, 1))
    expect((await prescriptionOf(orderId))?.dosage).toBeNull()
  })

  it('deletes audit events after the end of the eighth year after their own', async () => {
    const events = await db()
      .insert(auditEvents)
      .values(
        [new Date(Date.UTC(2017, 5, 1)), new Date(Date.UTC(2018, 0, 1, 12))].map((createdAt) => ({
          organisationId: demoIds.pharmacy,
          actorKind: 'system' as const,
          actorId: 'test',
          action: 'customer.updated',
          entityType: 'customer',
          entityId: 'retention-test',
          createdAt,
        })),
      )
      .returning({ id: auditEvents.id })
    const ids = events.map((event) => event.id)
    const remaining = async () =>
      (
        await db()
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(inArray(auditEvents.id, ids))
      ).map((row) => row.id)
    await applyRetention(db(), noon(2025, 12, 31))
    expect(await remaining()).toHaveLength(2)
    expect(
      (await applyRetention(db(), noon(2026, 1, 1))).auditEventsDeleted,
    ).toBeGreaterThanOrEqual(1)
    expect(await remaining()).toEqual([ids[1]])
    // The table's trigger refuses younger events, whatever asks.
    const refused = await db()
      .delete(auditEvents)
      .where(eq(auditEvents.id, ids[1] as string))
      .catch((error) => error)
    expect(refused).toBeInstanceOf(Error)
  })

  it('keeps a withdrawal declaration six years, then erases its declarant with the customer', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Widerruf'), db())
    const { orderId } = await orderWithPrescription(id, 'AU-2026-R0005', {
      status: 'cancelled',
      at: noon(2026, 3, 2),
    })
    await db()
      .insert(customerOrderWithdrawals)
      .values({
        orderId,
        organisationId: demoIds.pharmacy,
        name: 'Rosa Widerruf',
        email: 'widerruf@example.org',
        lines: ['Blüte'],
        actorKind: 'visitor',
        receivedAt: noon(2026, 3, 1),
      })
    const withdrawal = async () =>
      (
        await db()
          .select()
          .from(customerOrderWithdrawals)
          .where(eq(customerOrderWithdrawals.orderId, orderId))
      )[0]
    const [row] = await db().select().from(customers).where(eq(customers.id, id))
    // A received trade letter (§ 147 Abs. 1 Nr. 2 AO): the customer is restricted, not erased.
    expect(
      await anonymiseCustomer(actors.pharmacyOwner, id, { revision: row?.revision }, db()),
    ).toEqual({ id, restricted: true })
    expect(await withdrawal()).toMatchObject({ name: 'Rosa Widerruf' })

    // Received in 2026: kept to the end of 2032.
    await applyRetention(db(), noon(2032, 12, 31))
    expect(await withdrawal()).toMatchObject({
      name: 'Rosa Widerruf',
      email: 'widerruf@example.org',
    })
    expect(
      (await applyRetention(db(), noon(2033, 1, 1))).customersAnonymised,
    ).toBeGreaterThanOrEqual(1)
    expect(await withdrawal()).toMatchObject({
      name: 'Anonymisiert',
      email: null,
      lines: ['Blüte'],
    })
  })

  it('erases a dispensing record’s dosage and prescriber after § 22 ApBetrO, and nothing else', async () => {
    // A copy of a demo dispensing record of a completed order, dated back.
    const [template] = await db()
      .select()
      .from(handouts)
      .where(
        and(isNotNull(handouts.customerOrderId), eq(handouts.organisationId, demoIds.pharmacy)),
      )
      .limit(1)
    if (!template) throw new Error('the demo has no pharmacy dispensing record')
    const copy = (number: string, handedOutOn: string, useBy: string) => ({
      ...template,
      id: crypto.randomUUID(),
      number,
      handedOutOn,
      handedOutAt: new Date(`${handedOutOn}T10:00:00Z`),
      useBy,
      dosage: 'abends 0,1 g',
      prescriberName: 'Dr. Falk',
      prescriberAddress: 'Praxisweg 1, 10115 Berlin',
      cancelledAt: null,
      cancelledBy: null,
      cancelReason: null,
      cancelMovementId: null,
    })
    const inserted = await db()
      .insert(handouts)
      .values([
        // Five years to the end of 2024 outlast the use-by's year: free from 1 January 2025.
        copy('AB-2019-R0001', '2019-06-03', '2020-03-31'),
        // One year past a late use-by: free from 1 July 2025.
        copy('AB-2019-R0002', '2019-06-03', '2024-06-30'),
        // This year's: kept.
        copy('AB-2026-R0003', berlinToday(), '2027-06-30'),
      ])
      .returning()
    const [early, late, young] = inserted.map((record) => record.id)
    const recordOf = async (recordId: string | undefined) =>
      (
        await db()
          .select()
          .from(handouts)
          .where(eq(handouts.id, recordId as string))
      )[0]

    await applyRetention(db(), noon(2024, 12, 31))
    expect((await recordOf(early))?.dosage).toBe('abends 0,1 g')
    await applyRetention(db(), noon(2025, 1, 1))
    const erased = await recordOf(early)
    const {
      dosage: _d,
      prescriberName: _n,
      prescriberAddress: _a,
      updatedAt: _u,
      ...kept
    } = inserted[0] ?? {}
    expect(erased).toMatchObject({
      ...kept,
      dosage: null,
      prescriberName: 'Anonymisiert',
      prescriberAddress: null,
    })
    expect((await recordOf(late))?.prescriberName).toBe('Dr. Falk')

    await applyRetention(db(), noon(2025, 6, 30))
    expect((await recordOf(late))?.dosage).toBe('abends 0,1 g')
    expect(
      (await applyRetention(db(), noon(2025, 7, 1))).handoutRecordsErased,
    ).toBeGreaterThanOrEqual(1)
    expect(await recordOf(late)).toMatchObject({ dosage: null, prescriberName: 'Anonymisiert' })
    expect((await applyRetention(db(), noon(2025, 7, 1))).handoutRecordsErased).toBe(0)

    // A moved clock cannot reach a record the real clock still keeps: the job asks the real day.
    await applyRetention(db(), noon(2040, 1, 1))
    expect((await recordOf(young))?.dosage).toBe('abends 0,1 g')

    // The trigger allows exactly this erasure: not of a record in its period, nor any other change.
    const refusedYoung = await db()
      .update(handouts)
      .set({ dosage: null, prescriberName: 'Anonymisiert', prescriberAddress: null })
      .where(eq(handouts.id, young as string))
      .catch((error) => error)
    expect(refusedYoung).toBeInstanceOf(Error)
    const refusedOther = await db()
      .update(handouts)
      .set({
        dosage: null,
        prescriberName: 'Anonymisiert',
        prescriberAddress: null,
        productName: 'Andere',
      })
      .where(eq(handouts.id, late as string))
      .catch((error) => error)
    expect(refusedOther).toBeInstanceOf(Error)
    expect((await recordOf(late))?.productName).toBe(inserted[1]?.productName)
  })

  it('deletes the files of documents past their period and removes the recipient, keeping the figures', async () => {
    const { id } = await createCustomer(actors.pharmacyOwner, patient('Belegfrist'), db())
    const { orderId } = await orderWithPrescription(id, 'AU-2017-R0006', {
      status: 'completed',
      at: noon(2017, 6, 1),
    })
    const content = (number: string) => ({
      kind: 'invoice',
      number,
      issueDate: '2017-06-01',
      recipient: {
        kind: 'person',
        name: 'Rosa Belegfrist',
        contactName: null,
        address: { street: 'Lindenweg 4', postalCode: '10437', city: 'Berlin', country: 'DE' },
        vatId: null,
        customerNumber: 'K-00042',
        email: 'belegfrist@example.org',
        eInvoiceAddress: null,
      },
      prescription: {
        insurerName: 'AOK Nordost',
        coPaymentCents: 1000,
        insurerShareCents: 9000,
        exempt: false,
      },
      notes: 'Bitte klingeln',
      items: [],
      totals: { netCents: 8403, vatCents: 1597, grossCents: 10000 },
    })
    const issue = async (kind: 'invoice' | 'delivery_note', number: string, issuedAt: Date) => {
      const pdfFileId = await storeFile('issued_document')
      const [document] = await db()
        .insert(documents)
        .values({
          organisationId: demoIds.pharmacy,
          kind,
          number,
          orderId,
          customerId: id,
          content: { ...content(number), kind },
          pdfFileId,
          netCents: 8403,
          vatCents: 1597,
          grossCents: 10000,
          issuedAt,
        })
        .returning({ id: documents.id })
      return { id: document?.id as string, pdfFileId }
    }
    // An invoice of 2017 (kept to the end of 2025), a delivery note of 2019 (six years: to the
    // end of 2025) and an invoice of 2018 (to the end of 2026, after the real clock's today).
    const invoice = await issue('invoice', 'RE-2017-R0006', noon(2017, 6, 1))
    const note = await issue('delivery_note', 'LS-2019-R0006', noon(2019, 6, 1))
    const younger = await issue('invoice', 'RE-2018-R0006', noon(2018, 6, 1))
    const documentOf = async (documentId: string) =>
      (await db().select().from(documents).where(eq(documents.id, documentId)))[0]

    await applyRetention(db(), noon(2025, 12, 31))
    expect((await documentOf(invoice.id))?.pdfFileId).toBe(invoice.pdfFileId)
    expect(await fileExists(invoice.pdfFileId)).toBe(true)

    const passes = await Promise.all(
      Array.from({ length: 4 }, () => applyRetention(db(), noon(2026, 1, 1))),
    )
    expect(passes.reduce((sum, pass) => sum + pass.documentsRedacted, 0)).toBeGreaterThanOrEqual(2)
    for (const redacted of [invoice, note]) {
      const row = await documentOf(redacted.id)
      expect(row).toMatchObject({ pdfFileId: null, xmlFileId: null, grossCents: 10000 })
      expect(row?.content).toMatchObject({
        recipient: {
          name: 'Anonymisiert',
          address: { street: '', postalCode: '', city: '' },
          customerNumber: null,
          email: null,
        },
        prescription: {
          insurerName: 'Anonymisiert',
          coPaymentCents: 1000,
          insurerShareCents: 9000,
        },
        notes: null,
        totals: { grossCents: 10000 },
      })
      expect(await fileExists(redacted.pdfFileId)).toBe(false)
    }
    expect((await applyRetention(db(), noon(2026, 1, 1))).documentsRedacted).toBe(0)
    const download = await openDocumentFile(actors.pharmacyOwner, invoice.id, 'pdf', db()).catch(
      (error) => error,
    )
    expect(download).toBeInstanceOf(NotFoundError)
    expect(download.message).toBe(
      'PDF nach Ablauf der Aufbewahrungsfrist gelöscht (RE-2017-R0006).',
    )
    // A moved clock cannot reach what the real clock still keeps.
    await applyRetention(db(), noon(2040, 1, 1))
    expect((await documentOf(younger.id))?.content).toMatchObject({
      recipient: { name: 'Rosa Belegfrist' },
    })
    expect(await fileExists(younger.pdfFileId)).toBe(true)
  })
})
