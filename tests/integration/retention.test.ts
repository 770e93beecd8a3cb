import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerListSearch } from '~/lib/customer-lists'
import { auditEvents } from '~/server/audit/audit.schema'
import {
  customerOrderEvidence,
  customerOrderPrescriptions,
  customerOrders,
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
import { ConflictError } from '~/server/errors.server'
import { applyRetention } from '~/server/retention/retention.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const day = 86_400_000
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
})
