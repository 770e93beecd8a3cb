import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerListSearch } from '~/lib/customer-lists'
import type { SellableProduct } from '~/lib/customer-orders'
import { addCalendarDays, berlinIsoDate } from '~/lib/format'
import { recipientLicenceProblem } from '~/server/customer-orders/customer-order-licences.server'
import {
  confirmCustomerOrder,
  shipCustomerOrder,
} from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import {
  createCustomerOrder,
  getCustomerOrder,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { customers } from '~/server/customers/customers.schema'
import {
  createCustomer,
  getCustomer,
  listCustomers,
  updateCustomer,
} from '~/server/customers/customers.server'
import { getDashboard } from '~/server/dashboard/dashboard.server'
import { demoCustomerIds, demoIds } from '~/server/db/seed.server'
import { ConflictError, InvalidError } from '~/server/errors.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** A pharmacy as a wholesaler's customer; `licence` overrides the recorded licence. */
const pharmacyCustomer = (companyName: string, licence: Record<string, unknown> = {}) => ({
  kind: 'business' as const,
  companyName,
  street: 'Mühlenkamp 12',
  postalCode: '22303',
  city: 'Hamburg',
  country: 'DE',
  licenceType: 'pharmacy',
  licenceNumber: 'HH-APO-2020-0815',
  licenceAuthority: 'Behörde für Justiz und Verbraucherschutz Hamburg',
  licenceValidUntil: addCalendarDays(berlinIsoDate(), 400),
  ...licence,
})

describe.each(testDatabaseKinds)('wholesale only to licensed recipients on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let product: SellableProduct
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const offer = await searchSellableProducts(actors.wholesalerOwner, '', db())
    const found = offer.find((entry) => entry.availableSalesUnits >= 100)
    if (!found) throw new Error('no Nordhanf product with stock')
    product = found
  })
  afterAll(async () => {
    await database?.dispose()
  })

  const line = () => {
    const step = product.orderStep
    return {
      listingId: product.listingId,
      quantity: Math.max(product.minOrderQuantity ?? step, step),
    }
  }
  const order = (customerId: string) =>
    createCustomerOrder(
      actors.wholesalerOwner,
      { customerId, items: [line()], delivery: { method: 'shipping' }, note: null },
      db(),
    )
  const setValidUntil = (id: string, day: string | null) =>
    db().update(customers).set({ licenceValidUntil: day }).where(eq(customers.id, id))

  it("refuses a wholesaler's business customer without its licence, field by field", async () => {
    const before = await db().$count(customers)
    const error = await createCustomer(
      actors.wholesalerOwner,
      pharmacyCustomer('Alster-Apotheke', {
        licenceType: null,
        licenceNumber: null,
        licenceAuthority: '',
        licenceValidUntil: '',
      }),
      db(),
    ).catch((caught) => caught)
    expect(error).toBeInstanceOf(InvalidError)
    expect(error.extra.errors).toEqual({
      licenceType: 'Bitte wähle die Art der Erlaubnis.',
      licenceNumber: 'Bitte gib die Nummer der Erlaubnis an.',
      licenceAuthority: 'Bitte gib die Behörde an, die die Erlaubnis erteilt hat.',
      licenceValidUntil: 'Bitte gib an, bis wann die Erlaubnis gilt (TT.MM.JJJJ).',
    })
    // A wholesaler as customer also needs its MedCanG permit.
    const wholesale = await createCustomer(
      actors.wholesalerOwner,
      pharmacyCustomer('Elbe Pharma Handel GmbH', { licenceType: 'wholesale' }),
      db(),
    ).catch((caught) => caught)
    expect(wholesale).toBeInstanceOf(InvalidError)
    expect(Object.keys(wholesale.extra.errors)).toEqual(['medcanPermitNumber'])
    expect(await db().$count(customers)).toBe(before)

    // A pharmacy's own business customers (practices) need none.
    const practice = await createCustomer(
      actors.pharmacyOwner,
      pharmacyCustomer('Praxis Ohne Erlaubnis', { licenceType: null, licenceNumber: null }),
      db(),
    )
    expect(practice.kind).toBe('business')

    // Removing the licence of a saved customer is refused the same way.
    const saved = await createCustomer(
      actors.wholesalerOwner,
      pharmacyCustomer('Alster-Apotheke'),
      db(),
    )
    const detail = await getCustomer(actors.wholesalerOwner, saved.id, db())
    expect(detail).toMatchObject({ licenceType: 'pharmacy', licenceNumber: 'HH-APO-2020-0815' })
    const removed = await updateCustomer(
      actors.wholesalerOwner,
      saved.id,
      {
        revision: detail.revision,
        customer: pharmacyCustomer('Alster-Apotheke', { licenceNumber: '' }),
      },
      db(),
    ).catch((caught) => caught)
    expect(removed).toBeInstanceOf(InvalidError)
    expect(Object.keys(removed.extra.errors)).toEqual(['licenceNumber'])
  })

  it('refuses an order for a customer whose licence is missing or expired, at entry, confirmation and shipping', async () => {
    const saved = await createCustomer(
      actors.wholesalerOwner,
      pharmacyCustomer('Eppendorfer Apotheke'),
      db(),
    )
    const ordersBefore = await db().$count(customerOrders)

    await setValidUntil(saved.id, addCalendarDays(berlinIsoDate(), -1))
    const expired = await order(saved.id).catch((caught) => caught)
    expect(expired).toBeInstanceOf(ConflictError)
    expect(expired.message).toMatch(/Erlaubnis von Eppendorfer Apotheke ist am .* abgelaufen/)
    await setValidUntil(saved.id, null)
    const missing = await order(saved.id).catch((caught) => caught)
    expect(missing).toBeInstanceOf(ConflictError)
    expect(missing.message).toMatch(/keine vollständige Erlaubnis/)
    expect(await db().$count(customerOrders)).toBe(ordersBefore)

    // Valid through today: the last day counts.
    await setValidUntil(saved.id, berlinIsoDate())
    const created = await order(saved.id)
    // Expired before the confirmation: refused, the order stays new.
    await setValidUntil(saved.id, addCalendarDays(berlinIsoDate(), -1))
    const refusedConfirm = await confirmCustomerOrder(
      actors.wholesalerOwner,
      created.id,
      { version: created.version },
      db(),
    ).catch((caught) => caught)
    expect(refusedConfirm).toBeInstanceOf(ConflictError)
    expect(refusedConfirm.message).toMatch(/abgelaufen/)
    // Renewed: confirmed; expired again before the goods leave: shipping refused.
    await setValidUntil(saved.id, addCalendarDays(berlinIsoDate(), 365))
    const confirmed = await confirmCustomerOrder(
      actors.wholesalerOwner,
      created.id,
      { version: created.version },
      db(),
    )
    await setValidUntil(saved.id, addCalendarDays(berlinIsoDate(), -3))
    const refusedShip = await shipCustomerOrder(
      actors.wholesalerOwner,
      created.id,
      { version: confirmed.version },
      db(),
    ).catch((caught) => caught)
    expect(refusedShip).toBeInstanceOf(ConflictError)
    expect((await getCustomerOrder(actors.wholesalerOwner, created.id, db())).status).toBe(
      'confirmed',
    )
    await setValidUntil(saved.id, addCalendarDays(berlinIsoDate(), 365))
    const shipped = await shipCustomerOrder(
      actors.wholesalerOwner,
      created.id,
      { version: confirmed.version },
      db(),
    )
    expect(shipped.status).toBe('shipped')
  })

  it('counts on the dashboard the licences that are missing, expired or run out within 30 days, as the list filters them', async () => {
    const figureOf = async () =>
      (await getDashboard(actors.wholesalerOwner, db())).figures.find(
        (entry) => entry.key === 'licences',
      )?.value
    const listed = async () =>
      listCustomers(
        actors.wholesalerOwner,
        customerListSearch.parse({ licence: 'attention' }),
        db(),
      )
    const before = await figureOf()
    // The demo's Hafen-Apotheke runs out in three weeks.
    const list = await listed()
    expect(list.items.map((row) => row.id)).toContain(demoCustomerIds.nordhanfHafenApotheke)
    expect(list.items.map((row) => row.id)).not.toContain(demoCustomerIds.nordhanfSonnenApotheke)
    expect(before).toBe(list.total)

    const soon = await createCustomer(
      actors.wholesalerOwner,
      pharmacyCustomer('Apotheke am Hofweg', {
        licenceValidUntil: addCalendarDays(berlinIsoDate(), 30),
      }),
      db(),
    )
    const later = await createCustomer(
      actors.wholesalerOwner,
      pharmacyCustomer('Apotheke am Kai', {
        licenceValidUntil: addCalendarDays(berlinIsoDate(), 31),
      }),
      db(),
    )
    const after = await listed()
    expect(after.items.map((row) => row.id)).toContain(soon.id)
    expect(after.items.map((row) => row.id)).not.toContain(later.id)
    expect(await figureOf()).toBe(after.total)
    // Only the organisation's own customers count.
    const others = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.organisationId, demoIds.pharmacy), eq(customers.kind, 'business')))
    for (const other of others) expect(after.items.map((row) => row.id)).not.toContain(other.id)
  })
})

describe('the licence check reads the step’s day, not its own clock', () => {
  const licence = {
    companyName: 'Eppendorfer Apotheke',
    licenceType: 'pharmacy' as const,
    licenceNumber: 'HH-APO-2020-0815',
    licenceAuthority: 'Behörde für Justiz und Verbraucherschutz Hamburg',
    licenceValidUntil: '2026-03-31',
    medcanPermitNumber: null,
  }

  it('holds through the last valid day and refuses the day after, for wholesalers only', () => {
    expect(recipientLicenceProblem('wholesaler', licence, '2026-03-31')).toBeNull()
    expect(recipientLicenceProblem('wholesaler', licence, '2026-04-01')).toMatch(
      /Erlaubnis von Eppendorfer Apotheke ist am 31\.03\.2026 abgelaufen/,
    )
    expect(recipientLicenceProblem('pharmacy', licence, '2026-04-01')).toBeNull()
  })
})
