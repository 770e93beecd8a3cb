import { eq } from 'drizzle-orm'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { defaultAccounts } from '~/lib/bookkeeping'
import type { SellableProduct } from '~/lib/customer-orders'
import { bookkeepingSettings } from '~/server/bookkeeping/bookkeeping.schema'
import {
  datevExportCsv,
  datevExportZip,
  getBookkeepingSettings,
  saveBookkeepingSettings,
} from '~/server/bookkeeping/bookkeeping.server'
import {
  createCustomerOrder,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { demoCustomerIds } from '~/server/db/seed.server'
import { documents } from '~/server/documents/documents.schema'
import { storeServerFile } from '~/server/files/file-store.server'
import { orderPayments } from '~/server/payments/payments.schema'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

/** The 125 columns of a booking line: the first 14 as written, Zusatzinformation 1 (48, 49). */
function bookingLine(first14: string, tillReceipt?: string): string {
  const fields = [...first14.split(';'), ...Array.from({ length: 111 }, () => '')]
  if (tillReceipt) {
    fields[47] = '"Kassenbeleg"'
    fields[48] = `"${tillReceipt}"`
  }
  return fields.join(';')
}

const settings = {
  consultantNumber: 1234567,
  clientNumber: 4711,
  chart: 'skr03',
  fiscalYearStartMonth: 1,
  accountLength: 4,
  ...defaultAccounts.skr03,
}
const march2031 = { from: '2031-03-01', to: '2031-03-31' }
/** 12:00 in Berlin (summer time since 30 March 2031). */
const exportedAt = new Date('2031-04-01T10:00:00.000Z')

/** ADR 072: the DATEV Buchungsstapel of a hand-computed month. */
describe.each(testDatabaseKinds)('DATEV export on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db
  const pdfs = new Map<string, string>()

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const accessory = (await searchSellableProducts(actors.pharmacyOwner, '', db()))
      .filter((candidate) => candidate.orderStep === 1 && candidate.minOrderQuantity === null)
      .sort((a, b) => b.availableSalesUnits - a.availableSalesUnits)[0] as SellableProduct
    const organisationId = actors.pharmacyOwner.organisation.id
    const newOrder = async () =>
      (
        await createCustomerOrder(
          actors.pharmacyOwner,
          {
            customerId: demoCustomerIds.lindenApotheke,
            items: [{ listingId: accessory.listingId, quantity: 1 }],
            delivery: { method: 'pickup' },
            note: null,
          },
          db(),
        )
      ).id
    const [orderA, orderB, orderC] = [await newOrder(), await newOrder(), await newOrder()]

    // The documents as issued (only what the export reads of their frozen content).
    const issue = async (doc: {
      kind: 'invoice' | 'credit_note'
      number: string
      orderId: string
      issueDate: string
      recipient: string
      byRate: { rate: '19' | '7' | '0'; netCents: number; vatCents: number }[]
      correctsDocumentId?: string
    }) => {
      const pdf = `%PDF-1.4 ${doc.number}`
      pdfs.set(doc.number, pdf)
      const file = await storeServerFile(db(), {
        organisationId,
        purpose: 'issued_document',
        contentType: 'application/pdf',
        data: new TextEncoder().encode(pdf),
        createdBy: null,
      })
      const netCents = doc.byRate.reduce((sum, line) => sum + line.netCents, 0)
      const vatCents = doc.byRate.reduce((sum, line) => sum + line.vatCents, 0)
      const [row] = await db()
        .insert(documents)
        .values({
          organisationId,
          kind: doc.kind,
          number: doc.number,
          orderId: doc.orderId,
          customerId: demoCustomerIds.lindenApotheke,
          correctsDocumentId: doc.correctsDocumentId ?? null,
          content: {
            kind: doc.kind,
            number: doc.number,
            issueDate: doc.issueDate,
            recipient: { name: doc.recipient },
            totals: { byRate: doc.byRate, netCents, vatCents, grossCents: netCents + vatCents },
          },
          pdfFileId: file.id,
          netCents,
          vatCents,
          grossCents: netCents + vatCents,
        })
        .returning({ id: documents.id })
      return row?.id ?? ''
    }
    const pay = (
      orderId: string,
      amountCents: number,
      bookedOn: string,
      means: 'cash' | 'card' | 'transfer' | 'online',
      source: 'till' | 'mollie' | 'bank_statement',
      reference: string,
    ) =>
      db()
        .insert(orderPayments)
        .values({ organisationId, orderId, amountCents, bookedOn, means, source, reference })

    // A: 100,00 net at 19 % = 119,00, paid in cash at the till (receipt K-4711).
    await issue({
      kind: 'invoice',
      number: 'RE-2031-00001',
      orderId: orderA,
      issueDate: '2031-03-03',
      recipient: 'Jürgen Bäcker',
      byRate: [{ rate: '19', netCents: 10000, vatCents: 1900 }],
    })
    await pay(orderA, 11900, '2031-03-03', 'cash', 'till', 'K-4711')
    // B: 50,00 at 19 % (59,50) and 20,00 at 7 % (21,40); 40,00 of it by transfer; 10,00 net at
    // 19 % credited (11,90).
    const invoiceB = await issue({
      kind: 'invoice',
      number: 'RE-2031-00002',
      orderId: orderB,
      issueDate: '2031-03-05',
      recipient: 'Linden-Apotheke OHG',
      byRate: [
        { rate: '19', netCents: 5000, vatCents: 950 },
        { rate: '7', netCents: 2000, vatCents: 140 },
      ],
    })
    await pay(orderB, 4000, '2031-03-10', 'transfer', 'bank_statement', 'BANK-REF-1')
    await issue({
      kind: 'credit_note',
      number: 'RK-2031-00001',
      orderId: orderB,
      issueDate: '2031-03-12',
      recipient: 'Linden-Apotheke OHG',
      byRate: [{ rate: '19', netCents: -1000, vatCents: -190 }],
      correctsDocumentId: invoiceB,
    })
    // C: 30,00 at 7 % = 32,10, paid through Mollie; 10,00 refunded; the next payment is April's.
    await issue({
      kind: 'invoice',
      number: 'RE-2031-00003',
      orderId: orderC,
      issueDate: '2031-03-15',
      recipient: 'Anna Öztürk',
      byRate: [{ rate: '7', netCents: 3000, vatCents: 210 }],
    })
    await pay(orderC, 3210, '2031-03-15', 'online', 'mollie', 'tr_WDqYK6vllg')
    await pay(orderC, -1000, '2031-03-25', 'online', 'mollie', 're_4qqhO89gsT')
    await pay(orderC, 1000, '2031-04-01', 'transfer', 'bank_statement', 'BANK-REF-2')
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('refuses the export until the settings are saved, then keeps them for the owner', async () => {
    await expect(datevExportCsv(actors.pharmacyOwner, march2031, db())).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('DATEV-Einstellungen'),
    })
    await expect(
      saveBookkeepingSettings(actors.pharmacyOwner, { ...settings, debtorAccount: 1000 }, db()),
    ).rejects.toMatchObject({ status: 400 })
    // Saved once per organisation however many requests save at the same time.
    await Promise.all(
      Array.from({ length: 50 }, () =>
        saveBookkeepingSettings(actors.pharmacyOwner, settings, db()),
      ),
    )
    const rows = await db()
      .select()
      .from(bookkeepingSettings)
      .where(eq(bookkeepingSettings.organisationId, actors.pharmacyOwner.organisation.id))
    expect(rows).toHaveLength(1)
    expect((await getBookkeepingSettings(actors.pharmacyOwner, db())).saved).toEqual(settings)
  })

  it('writes the hand-computed month: revenue per rate, credits, transfers and Mollie, no cash', async () => {
    const file = await datevExportCsv(actors.pharmacyOwner, march2031, db(), exportedAt)
    expect(file.fileName).toBe('EXTF_Buchungsstapel_20310301_20310331.csv')
    const lines = iconv.decode(file.bytes, 'win1252').split('\r\n')
    expect(lines[0]).toBe(
      '"EXTF";700;21;"Buchungsstapel";13;20310401120000000;;"BW";"Blattwerk";;1234567;4711;20310101;4;20310301;20310331;"Rechnungen und Zahlungen";"";1;0;0;"EUR";;"";;;"03";;;"";""',
    )
    expect(lines[1]?.split(';')).toHaveLength(125)
    expect(lines[1]).toMatch(/^"Umsatz \(ohne Soll\/Haben-Kz\)";"Soll\/Haben-Kennzeichen";/)
    expect(lines.slice(2)).toEqual([
      bookingLine(
        '119,00;"S";;;;;10000;8400;;0303;"RE-2031-00001";;;"Rechnung Jürgen Bäcker"',
        'K-4711',
      ),
      bookingLine(
        '59,50;"S";;;;;10000;8400;;0503;"RE-2031-00002";;;"Rechnung Linden-Apotheke OHG"',
      ),
      bookingLine(
        '21,40;"S";;;;;10000;8300;;0503;"RE-2031-00002";;;"Rechnung Linden-Apotheke OHG"',
      ),
      bookingLine('40,00;"S";;;;;1200;10000;;1003;"RE-2031-00002";;;"Überweisung BANK-REF-1"'),
      bookingLine(
        '11,90;"H";;;;;10000;8400;;1203;"RK-2031-00001";;;"Rechnungskorrektur Linden-Apotheke OHG"',
      ),
      bookingLine('32,10;"S";;;;;10000;8300;;1503;"RE-2031-00003";;;"Rechnung Anna Öztürk"'),
      bookingLine(
        '32,10;"S";;;;;1360;10000;;1503;"RE-2031-00003";;;"Online-Zahlung tr_WDqYK6vllg"',
      ),
      bookingLine(
        '10,00;"H";;;;;1360;10000;;2503;"RE-2031-00003";;;"Rückzahlung Online-Zahlung re_4qqhO89gsT"',
      ),
      '',
    ])
  })

  it('encodes Windows-1252: ä is the byte E4, and the header starts as DATEV reads it', async () => {
    const file = await datevExportCsv(actors.pharmacyOwner, march2031, db(), exportedAt)
    expect(file.bytes.subarray(0, 31).toString('latin1')).toBe('"EXTF";700;21;"Buchungsstapel";')
    const baecker = file.bytes.indexOf(Buffer.from([0x42, 0xe4, 0x63, 0x6b, 0x65, 0x72])) // Bäcker
    expect(baecker).toBeGreaterThan(0)
    expect(file.bytes.includes(Buffer.from('ä', 'utf8'))).toBe(false)
  })

  it('refuses a period across two fiscal years, in German', async () => {
    await expect(
      datevExportCsv(actors.pharmacyOwner, { from: '2030-12-15', to: '2031-01-10' }, db()),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('nur ein Wirtschaftsjahr'),
    })
    // With the fiscal year from July, July starts a new one and December–January is one year.
    const owner = actors.pharmacyOwner
    await saveBookkeepingSettings(owner, { ...settings, fiscalYearStartMonth: 7 }, db())
    await expect(
      datevExportCsv(owner, { from: '2031-06-20', to: '2031-07-05' }, db()),
    ).rejects.toMatchObject({ status: 400 })
    const file = await datevExportCsv(owner, { from: '2030-12-15', to: '2031-01-10' }, db())
    expect(iconv.decode(file.bytes, 'win1252').split(';')[12]).toBe('20300701')
    await saveBookkeepingSettings(owner, settings, db())
  })

  it('is the owner’s: staff are refused, another organisation sees only its own', async () => {
    for (const call of [
      () => getBookkeepingSettings(actors.pharmacyStaff, db()),
      () => saveBookkeepingSettings(actors.pharmacyStaff, settings, db()),
      () => datevExportCsv(actors.pharmacyStaff, march2031, db()),
      () => datevExportZip(actors.pharmacyStaff, march2031, db()),
    ])
      await expect(call()).rejects.toMatchObject({ status: 403 })
    expect((await getBookkeepingSettings(actors.wholesalerOwner, db())).saved).toBeNull()
    await saveBookkeepingSettings(actors.wholesalerOwner, { ...settings, clientNumber: 12 }, db())
    const file = await datevExportCsv(actors.wholesalerOwner, march2031, db(), exportedAt)
    expect(iconv.decode(file.bytes, 'win1252').split('\r\n')).toHaveLength(3)
  })

  it('zips the CSV with the period’s invoice and credit-note PDFs', async () => {
    const zip = await datevExportZip(actors.pharmacyOwner, march2031, db(), exportedAt)
    expect(zip.fileName).toBe('EXTF_Buchungsstapel_20310301_20310331.zip')
    const chunks: Buffer[] = []
    for await (const chunk of zip.stream) chunks.push(chunk as Buffer)
    const entries = await unzip(Buffer.concat(chunks))
    expect([...entries.keys()]).toEqual([
      'EXTF_Buchungsstapel_20310301_20310331.csv',
      'Belege/RE-2031-00001.pdf',
      'Belege/RE-2031-00002.pdf',
      'Belege/RK-2031-00001.pdf',
      'Belege/RE-2031-00003.pdf',
    ])
    expect(entries.get('Belege/RK-2031-00001.pdf')?.toString()).toBe(pdfs.get('RK-2031-00001'))
    expect(
      entries.get('EXTF_Buchungsstapel_20310301_20310331.csv')?.subarray(0, 6).toString(),
    ).toBe('"EXTF"')
  })
})

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zipfile) => {
      if (error || !zipfile) return reject(error)
      const entries = new Map<string, Buffer>()
      zipfile.on('entry', (entry: yauzl.Entry) => {
        zipfile.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError)
          const parts: Buffer[] = []
          for await (const part of stream) parts.push(part as Buffer)
          entries.set(entry.fileName, Buffer.concat(parts))
          zipfile.readEntry()
        })
      })
      zipfile.on('end', () => resolve(entries))
      zipfile.on('error', reject)
      zipfile.readEntry()
    })
  })
}
