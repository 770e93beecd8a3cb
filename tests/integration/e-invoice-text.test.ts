import { PDFDocument } from '@cantoo/pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SellableProduct } from '~/lib/customer-orders'
import { customerOrderActionServices } from '~/server/customer-orders/customer-order-transitions.server'
import {
  createCustomerOrder,
  getCustomerOrder,
  searchSellableProducts,
} from '~/server/customer-orders/customer-orders.server'
import { createCustomer } from '~/server/customers/customers.server'
import { demoIds } from '~/server/db/seed.server'
import { issueOrderDocument } from '~/server/documents/document-issue.server'
import { openStoredFile } from '~/server/files/file-store.server'
import {
  getOrganisationSettings,
  updateOrganisationProfile,
} from '~/server/organisations/organisation-settings.server'
import { getMasterProduct, updateMasterProduct } from '~/server/products/master-products.server'
import { demoActors } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { brokenRules } from '../support/einvoice-rules'
import { parseXml, pdfAttachments, pdfXmp, textsAt, validateCii } from '../support/xml'

/**
 * Every text that goes into an XML the product writes is escaped exactly once: text that looks
 * like markup or an entity reference comes back from a conforming parser as it was typed.
 */
const tricky = `& &amp; &#x41; &unknown; < > " '`

describe.each(testDatabaseKinds)('text in the e-invoice XML on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let product: SellableProduct
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    const sellable = await searchSellableProducts(actors.pharmacyOwner, '', db())
    const found = sellable.find((item) => item.availableSalesUnits >= 1 && item.orderStep === 1)
    if (!found) throw new Error('demo stock missing')
    product = found
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('round-trips names through XRechnung, Factur-X XML, XMP and the PDF info', {
    timeout: 60_000,
  }, async () => {
    // Seller, buyer, contact, city and item all carry the text.
    const settings = await getOrganisationSettings(actors.pharmacyOwner, demoIds.pharmacy, db())
    await updateOrganisationProfile(
      actors.pharmacyOwner,
      demoIds.pharmacy,
      {
        name: tricky,
        category: settings.category,
        street: settings.street,
        postalCode: settings.postalCode,
        city: settings.city,
      },
      db(),
    )
    const master = await getMasterProduct(actors.admin, product.productId, db())
    await updateMasterProduct(
      actors.admin,
      product.productId,
      { ...master.product, name: tricky, revision: master.revision },
      db(),
    )
    /** An invoice to a new business customer who receives `eInvoiceFormat`. */
    const invoiceIn = async (eInvoiceFormat: 'xrechnung' | 'zugferd') => {
      const customer = await createCustomer(
        actors.pharmacyOwner,
        {
          kind: 'business',
          companyName: tricky,
          contactPerson: tricky,
          vatId: 'DE987654321',
          licenceNumber: null,
          eInvoiceAddress: 'rechnung@praxis-aue.example',
          eInvoiceFormat,
          street: 'Kastanienallee 8',
          postalCode: '10435',
          city: tricky,
          country: 'DE',
          email: 'praxis@aue.example',
          phone: null,
        },
        db(),
      )
      const { id: orderId } = await createCustomerOrder(
        actors.pharmacyOwner,
        {
          customerId: customer.id,
          items: [{ listingId: product.listingId, quantity: 1 }],
          delivery: { method: 'pickup' },
          note: null,
        },
        db(),
      )
      for (const action of ['confirm', 'markReady', 'complete'] as const) {
        const { version } = await getCustomerOrder(actors.pharmacyOwner, orderId, db())
        await customerOrderActionServices[action](actors.pharmacyOwner, orderId, { version }, db())
      }
      return issueOrderDocument(actors.pharmacyOwner, orderId, 'invoice', db())
    }
    const bytesOf = async (fileId: string) =>
      new Uint8Array(await (await openStoredFile(actors.pharmacyOwner, fileId, db())).readBytes())

    const xRechnungInvoice = await invoiceIn('xrechnung')
    const xRechnung = new TextDecoder().decode(await bytesOf(xRechnungInvoice.xmlFileId as string))
    const issued = await invoiceIn('zugferd')
    expect(issued.xmlFileId).toBeNull()
    const facturX = await bytesOf(issued.pdfFileId)
    const embedded = (await pdfAttachments(facturX)).get('factur-x.xml') as string
    for (const [xml, format] of [
      [xRechnung, 'xrechnung'],
      [embedded, 'factur-x'],
    ] as const) {
      expect((await validateCii(xml)).errors).toEqual([])
      expect(await brokenRules(xml, format)).toEqual([])
      const cii = parseXml(xml)
      expect(textsAt(cii, 'SellerTradeParty', 'Name')).toEqual([tricky])
      expect(textsAt(cii, 'BuyerTradeParty', 'Name')).toEqual([tricky])
      expect(textsAt(cii, 'BuyerTradeParty', 'DefinedTradeContact', 'PersonName')).toEqual([tricky])
      expect(textsAt(cii, 'BuyerTradeParty', 'PostalTradeAddress', 'CityName')).toEqual([tricky])
      expect(textsAt(cii, 'SpecifiedTradeProduct', 'Name')).toEqual([tricky])
    }

    // PDF/A-3: the XMP packet and the document info name the seller alike.
    const xmp = parseXml(await pdfXmp(facturX).then((packet) => packet ?? ''))
    expect(textsAt(xmp, 'creator', 'Seq', 'li')).toEqual([tricky])
    const [title] = textsAt(xmp, 'title', 'Alt', 'li')
    expect(title).toContain(tricky)
    expect(title).toContain(issued.number)
    const info = await PDFDocument.load(facturX, { updateMetadata: false })
    expect(info.getAuthor()).toBe(tricky)
    expect(info.getSubject()).toBe(title)
    expect(info.getTitle()).toBe(`${tricky}: Invoice ${issued.number}`)
  })
})
