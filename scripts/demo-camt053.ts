// `tsx scripts/demo-camt053.ts`: writes `docs/demo-camt053.xml`, a camt.053 statement of the demo
// pharmacy's account that pays its open bank-transfer shop orders (ADR 071) — one by its order
// number, one by amount and the payer's name — plus a credit no order explains and a debit the
// matching skips. Order numbers carry the year, so the file is written from the database: against
// DATABASE_URL when set, else the embedded store (seeded first when empty, like `npm start`).
// Run it again in a new year, or after seeding a fresh store, to get a file that matches.
import { writeFile } from 'node:fs/promises'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { customerShareCents } from '../src/lib/customer-orders'
import { berlinIsoDate } from '../src/lib/format'
import { parseConfig } from '../src/server/config.server'
import { customerOrders } from '../src/server/customer-orders/customer-orders.schema'
import { customerName } from '../src/server/customer-orders/customer-orders.server'
import { customers } from '../src/server/customers/customers.schema'
import { databaseTargetFromConfig, openDatabase } from '../src/server/db/client.server'
import { demoLetterheads, isDatabaseEmpty, seedDemoData } from '../src/server/db/seed.server'
import { demoIds } from '../src/server/db/seed-ids.server'
import { camt053Xml } from '../src/server/payments/camt053-writer'

const target = new URL('../docs/demo-camt053.xml', import.meta.url)
const database = await openDatabase(databaseTargetFromConfig(parseConfig(process.env)))
try {
  await database.migrate()
  if (await isDatabaseEmpty(database.systemDb)) await seedDemoData(database.systemDb)
  const orders = await database.systemDb
    .select({
      number: customerOrders.number,
      grossCents: customerOrders.grossCents,
      insurerCents: customerOrders.insurerCents,
      createdAt: customerOrders.createdAt,
      customerName,
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.organisationId, demoIds.pharmacy),
        eq(customerOrders.paymentMethod, 'bank_transfer'),
        inArray(customerOrders.paymentStatus, ['unpaid', 'pending', 'failed']),
      ),
    )
    .orderBy(asc(customerOrders.number))
    .limit(2)
  const [byNumber, byAmount] = orders
  if (!byNumber || !byAmount) {
    throw new Error('The demo pharmacy has fewer than two open bank-transfer orders.')
  }
  const bookedOn = berlinIsoDate(byAmount.createdAt)
  const year = bookedOn.slice(0, 4)
  const xml = camt053Xml({
    version: 'camt.053.001.08',
    statementId: `DEMO-${year}-0001`,
    iban: demoLetterheads[demoIds.pharmacy].iban,
    createdAt: `${bookedOn}T18:00:00+01:00`,
    entries: [
      {
        amountCents: customerShareCents(byNumber),
        bookedOn,
        reference: `DEMO${year}000001`,
        remittance: [`Bestellung ${byNumber.number}`],
        payerName: byNumber.customerName,
        endToEndId: `DEMO-E2E-1`,
      },
      {
        amountCents: customerShareCents(byAmount),
        bookedOn,
        reference: `DEMO${year}000002`,
        remittance: ['Vielen Dank, Sonnen-Apotheke'],
        payerName: byAmount.customerName,
      },
      {
        amountCents: 1234,
        bookedOn,
        reference: `DEMO${year}000003`,
        remittance: ['Erstattung Zuzahlung Januar'],
        payerName: 'Techniker Krankenkasse',
      },
      {
        amountCents: 185000,
        credit: false,
        bookedOn,
        reference: `DEMO${year}000004`,
        remittance: ['Miete Ladenlokal'],
        payerName: 'Hausverwaltung Neukölln',
      },
    ],
  })
  await writeFile(target, xml)
  console.log(`Wrote ${target.pathname}: pays ${byNumber.number} and ${byAmount.number}.`)
} finally {
  await database.close()
}
