import { and, eq, gt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SellableProduct } from '~/lib/customer-orders'
import { berlinIsoDate } from '~/lib/format'
import { formOfUseByPreparation, handoutListSearch, storageNoteByCategory } from '~/lib/handouts'
import { auditEvents } from '~/server/audit/audit.schema'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import {
  completeCustomerOrder,
  customerOrderActionServices,
} from '~/server/customer-orders/customer-order-transitions.server'
import {
  createCustomerOrder,
  getCustomerOrder,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { demoIds } from '~/server/db/seed.server'
import { demoOrderCustomerIds } from '~/server/db/seed-orders.server'
import { fillingProtocols } from '~/server/filling-protocols/filling-protocols.schema'
import { handouts } from '~/server/handouts/handouts.schema'
import { cancelHandout, getHandout, listHandouts } from '~/server/handouts/handouts.server'
import { batches, stockMovements } from '~/server/stock/stock.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { outcomeOf } from '../support/outcome'

const daysAgo = (days: number) => berlinIsoDate(new Date(Date.now() - days * 86_400_000))
const dosage = '0,1 g verdampfen und inhalieren, bis zu 3 × täglich'

describe.each(testDatabaseKinds)('pharmacy hand-outs on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let flower: SellableProduct
  let accessory: SellableProduct
  const db = () => database.handle.db
  const { statutoryPatient, business } = demoOrderCustomerIds

  const versionOf = async (id: string) =>
    (await getCustomerOrder(actors.pharmacyOwner, id, db())).version
  const act = async (action: 'confirm' | 'markReady' | 'complete', id: string) =>
    customerOrderActionServices[action](
      actors.pharmacyOwner,
      id,
      { version: await versionOf(id) },
      db(),
    )

  /** A patient's order of `grams` of flowers (and, if asked, a vaporiser), made ready for pickup. */
  async function readyPatientOrder(
    grams: number,
    withAccessory = false,
    items = [
      { listingId: flower.listingId, quantity: grams },
      ...(withAccessory ? [{ listingId: accessory.listingId, quantity: 1 }] : []),
    ],
  ) {
    const { id } = await createCustomerOrder(
      actors.pharmacyOwner,
      {
        customerId: statutoryPatient,
        items,
        delivery: { method: 'pickup' },
        note: null,
      },
      db(),
    )
    await recordPrescription(
      actors.pharmacyStaff,
      id,
      {
        version: await versionOf(id),
        payer: 'statutory',
        form: 'e_rezept',
        prescriberName: 'Dr. med. Felix Hartmann',
        prescriberAddress: 'Hermannplatz 5, 10967 Berlin',
        issuedOn: daysAgo(2),
        dosage,
        preparation: 'ground',
        insurerName: 'AOK Nordost',
        insuranceNumber: 'A123456780',
        eRezeptToken: '160.000.100.000.001.42',
      },
      db(),
    )
    await checkPrescription(actors.pharmacyOwner, id, { version: await versionOf(id) }, db())
    await recordPrescriptionOriginal(
      actors.pharmacyStaff,
      id,
      { version: await versionOf(id) },
      db(),
    )
    await act('confirm', id)
    await act('markReady', id)
    return id
  }

  const recordsOf = (orderId: string) =>
    db().select().from(handouts).where(eq(handouts.customerOrderId, orderId))

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const sellable = await searchSellableProducts(actors.pharmacyOwner, '', db())
    const byGram = sellable
      .filter((product) => product.category === 'flower' && product.salesUnit === 'gram')
      .filter((product) => product.orderStep === 1 && product.minOrderQuantity === null)
      .sort((a, b) => b.availableSalesUnits - a.availableSalesUnits)
    const vaporiser = sellable.find(
      (product) => product.category === 'accessory' && product.availableSalesUnits > 0,
    )
    if (!byGram[0] || byGram[0].availableSalesUnits < 60 || !vaporiser) {
      throw new Error('demo goods missing')
    }
    flower = byGram[0]
    accessory = vaporiser
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('completing a patient order records the hand-out of each picked batch with its label data', async () => {
    const id = await readyPatientOrder(3, true)
    const before = await getCustomerOrder(actors.pharmacyOwner, id, db())
    const picked = before.items.find((item) => item.requiresPrescription)?.picks ?? []
    expect(picked.length).toBeGreaterThan(0)

    await act('complete', id)

    const records = await recordsOf(id)
    // One record per picked batch of the prescription-only line; the vaporiser is a plain sale.
    expect(records.map((record) => record.batchId).sort()).toEqual(
      picked.map((pick) => pick.batchId).sort(),
    )
    expect(records.reduce((sum, record) => sum + record.quantity, 0)).toBe(3_000)
    const sales = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.sourceId, id), eq(stockMovements.kind, 'sale')))
    // No second booking: each record points at the completion's own sale movement.
    expect(sales).toHaveLength(picked.length + 1)
    for (const record of records) {
      const movement = sales.find((sale) => sale.id === record.movementId)
      expect(movement?.batchId).toBe(record.batchId)
      expect(movement?.quantity).toBe(-record.quantity)
      const [batch] = await db().select().from(batches).where(eq(batches.id, record.batchId))
      expect(record).toMatchObject({
        customerId: statutoryPatient,
        productName: flower.name,
        packUnit: 'g',
        thcContent: batch?.thcContent,
        cbdContent: batch?.cbdContent,
        ageClass: null,
        // The prescription's preparation, not the category's general form of use.
        formOfUse: formOfUseByPreparation.ground,
        storageNote: storageNoteByCategory.flower,
        dosage,
        prescriberName: 'Dr. med. Felix Hartmann',
        prescriberAddress: 'Hermannplatz 5, 10967 Berlin',
        useBy: batch?.expiryDate,
        preparedOn: berlinIsoDate(),
        handedOutOn: berlinIsoDate(),
      })
      expect(record.number).toMatch(/^AG-\d{4}-\d{5}$/)
    }

    const detail = await getCustomerOrder(actors.pharmacyStaff, id, db())
    expect(detail.handouts.map((handout) => handout.id).sort()).toEqual(
      records.map((record) => record.id).sort(),
    )
    const [first] = records
    if (!first) throw new Error('no record')
    const record = await getHandout(actors.pharmacyStaff, first.id, db())
    expect(record.kind).toBe('pharmacy')
    if (record.kind !== 'pharmacy') return
    expect(record.order).toEqual({ id, number: detail.number })
    expect(record.organisation.name).toBe('Sonnen-Apotheke')
    expect(record.label).toMatchObject({ dosage, prescriberName: 'Dr. med. Felix Hartmann' })

    const listed = await listHandouts(
      actors.pharmacyOwner,
      handoutListSearch.parse({ q: detail.number }),
      db(),
    )
    expect(listed.items.map((row) => row.id).sort()).toEqual(records.map((row) => row.id).sort())
    expect(listed.items[0]?.orderNumber).toBe(detail.number)

    // The log names the record, never the directions or the prescriber.
    const [logged] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'hand_out'), eq(auditEvents.entityId, first.id)))
    expect(logged?.action).toBe('hand_out.created')
    expect(JSON.stringify(logged?.after)).not.toContain('Hartmann')
    expect(JSON.stringify(logged?.after)).not.toContain('verdampfen')
  })

  it('dates a unit filled in advance by its filling, not by the pickup', async () => {
    const [filling] = await db()
      .select({
        packListingId: fillingProtocols.packListingId,
        confirmedAt: fillingProtocols.confirmedAt,
        filledBatchId: fillingProtocols.filledBatchId,
      })
      .from(fillingProtocols)
      // The demo's filling of today; the generated year's filled units are all sold.
      .innerJoin(batches, eq(batches.id, fillingProtocols.filledBatchId))
      .where(
        and(
          eq(fillingProtocols.organisationId, demoIds.pharmacy),
          eq(fillingProtocols.status, 'confirmed'),
          gt(batches.balance, 0),
        ),
      )
    if (!filling?.packListingId || !filling.confirmedAt) throw new Error('demo filling missing')
    const id = await readyPatientOrder(0, false, [
      { listingId: filling.packListingId, quantity: 1 },
    ])
    await act('complete', id)
    const [record] = await recordsOf(id)
    expect(record).toMatchObject({
      batchId: filling.filledBatchId,
      packUnit: 'g',
      preparedOn: berlinIsoDate(filling.confirmedAt),
    })
  })

  it('records nothing for an order without prescription-only goods, nor for a wholesaler', async () => {
    const { id } = await createCustomerOrder(
      actors.pharmacyOwner,
      {
        customerId: business,
        items: [{ listingId: accessory.listingId, quantity: 1 }],
        delivery: { method: 'pickup' },
        note: null,
      },
      db(),
    )
    await act('confirm', id)
    await act('markReady', id)
    await act('complete', id)
    expect(await recordsOf(id)).toEqual([])
    expect((await getCustomerOrder(actors.pharmacyOwner, id, db())).handouts).toEqual([])
  })

  it('a dispensing is never cancelled or changed, and another organisation cannot read it', async () => {
    const id = await readyPatientOrder(1)
    await act('complete', id)
    const [record] = await recordsOf(id)
    if (!record) throw new Error('no record')

    // The pharmacy has no cancel: the hand-out belongs to the completed order.
    expect(
      await outcomeOf(cancelHandout(actors.pharmacyOwner, record.id, { reason: 'Versehen' }, db())),
    ).toBe(403)
    await expect(
      db().execute(sql`update hand_outs set dosage = 'anders' where id = ${record.id}`),
    ).rejects.toThrow()
    await expect(
      db().execute(
        sql`update hand_outs set cancelled_at = now(), cancelled_by = handed_out_by, cancel_reason = 'x', cancel_movement_id = movement_id where id = ${record.id}`,
      ),
    ).rejects.toThrow()
    await expect(db().execute(sql`delete from hand_outs where id = ${record.id}`)).rejects.toThrow()

    expect(await outcomeOf(getHandout(actors.clubOwner, record.id, db()))).toBe(404)
    expect(await outcomeOf(getHandout(actors.wholesalerOwner, record.id, db()))).toBe(403)
    expect(await outcomeOf(getHandout(actors.admin, record.id, db()))).toBe(403)
    expect(await outcomeOf(getHandout(actors.shopCustomer, record.id, db()))).toBe(403)
    const clubList = await listHandouts(
      actors.clubOwner,
      handoutListSearch.parse({ q: record.number }),
      db(),
    )
    expect(clubList.items.map((row) => row.id)).not.toContain(record.id)
  })

  it('20 parallel completions of one order write its hand-outs once', async () => {
    const id = await readyPatientOrder(2)
    const version = await versionOf(id)
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcomeOf(completeCustomerOrder(actors.pharmacyStaff, id, { version }, db())),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
    const records = await recordsOf(id)
    expect(records.reduce((sum, record) => sum + record.quantity, 0)).toBe(2_000)
    expect(new Set(records.map((record) => record.number)).size).toBe(records.length)
  }, 90_000)
})
