import { inflateSync } from 'node:zlib'
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFString } from '@cantoo/pdf-lib'
import type { Invoice, InvoiceService, Logger } from '@e-invoice-eu/core'
import { legalFormRules, legalIdentityLines } from '../../../lib/legal-forms'
import type { VatRate } from '../../../lib/products'
import {
  type DocumentContent,
  type DocumentItem,
  type DocumentVatExemption,
  isCreditDocument,
  precedingInvoiceOf,
} from '../document-content'
import { paymentStatementOf } from '../payment-statement'
import { DocumentContentError, type RenderOptions, renderDocumentPdfOf } from './pdf.server'

/**
 * EN 16931 e-invoices of a business recipient through `@e-invoice-eu/core` (ADR 022, ADR 054):
 * XRechnung 3.0 as CII XML, and Factur-X / ZUGFeRD (profile EN 16931) — our own PDF turned into
 * PDF/A-3 with the CII XML embedded as `factur-x.xml`. Both come from one mapping of the frozen
 * `DocumentContent`, so the XML and the printed invoice cannot disagree. A cancellation invoice is
 * a credit note (381) with the reversed amounts positive; a paid invoice states what was paid
 * (BT-113) and asks for nothing (BT-115 = 0); 0 % lines carry their exemption (BT-120/BT-121).
 */

/** The library reports through a logger; warnings about our data are errors for us. */
const quietLogger: Logger = {
  log: () => {},
  warn: () => {},
  error: () => {},
}

/**
 * Loaded on the first e-invoice, not at server start: the library brings a spreadsheet reader
 * and JSON-schema compiler along that no other request needs.
 */
let invoiceService: Promise<InvoiceService> | undefined
const loadInvoiceService = () => {
  invoiceService ??= import('@e-invoice-eu/core').then(
    ({ InvoiceService }) => new InvoiceService(quietLogger),
  )
  return invoiceService
}

/**
 * The library writes its XML with xmlbuilder2, which escapes each text wrongly twice over: it reads
 * every string of the invoice as XML text already (decoding `&amp;`, `&lt;`, `&#65;` once), and
 * its writer leaves an `&` that starts something entity-like (`&name;`, `&#65;`) unescaped. So
 * `&amp;` in a name came out as `&`, and `&unknown;` made the file not well-formed. Each `&`
 * handed over as `&amp;amp;` comes out of both steps as the one `&amp;` the text needs; `<`, `>`
 * and `"` the writer escapes itself. Everything else built from these strings — the PDF's
 * document info and XMP packet — is set right again in `finishFacturX`.
 */
const libraryAmpersand = '&amp;amp;'

function forLibrary<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('&', libraryAmpersand) as T
  if (Array.isArray(value)) return value.map(forLibrary) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, forLibrary(entry)]),
    ) as T
  }
  return value
}

/**
 * The library checks its input against its JSON schema (ajv) and throws "validation failed";
 * the details are what a developer needs, so they go into the message.
 */
async function generate(invoice: Invoice, options: Parameters<InvoiceService['generate']>[1]) {
  try {
    return await (await loadInvoiceService()).generate(forLibrary(invoice), options)
  } catch (error) {
    const details = (error as { errors?: { instancePath?: string; message?: string }[] }).errors
    if (!Array.isArray(details)) throw error
    const summary = details.map((entry) => `${entry.instancePath} ${entry.message}`).join('; ')
    throw new Error(`E-invoice data rejected by @e-invoice-eu/core: ${summary}`, { cause: error })
  }
}

const amount = (cents: number) => (cents / 100).toFixed(2)

/**
 * The VAT category of a line (BT-151) or of the breakdown of its rate (BT-118): standard rated,
 * or the invoice's exemption for 0 % — which the breakdown explains (BT-120/BT-121).
 */
function taxCategory(
  rate: VatRate,
  exemption: DocumentVatExemption | null,
  { withReason }: { withReason: boolean },
) {
  const scheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' as const } }
  if (rate !== '0') return { 'cbc:ID': 'S', 'cbc:Percent': rate, ...scheme }
  if (!exemption)
    throw new DocumentContentError('Positionen mit 0 % USt. brauchen einen Steuerbefreiungsgrund.')
  return {
    'cbc:ID': exemption.category,
    'cbc:Percent': rate,
    ...(withReason && exemption.code ? { 'cbc:TaxExemptionReasonCode': exemption.code } : {}),
    ...(withReason ? { 'cbc:TaxExemptionReason': exemption.reason } : {}),
    ...scheme,
  }
}

/** A credit note states the amounts it reverses positive: its type code (381) says they are a credit. */
const signOf = (content: DocumentContent) => (isCreditDocument(content.kind) ? -1 : 1)

/**
 * BT-115: what is still to be paid — the payment statement's (ADR 055): of an invoice, its total
 * less what was paid and what an insurer pays directly (BT-113); a credit note's credited total.
 */
const amountDue = (content: DocumentContent) =>
  content.kind === 'invoice'
    ? paymentStatementOf(content).dueCents
    : signOf(content) * content.totals.grossCents

/** Whether the e-invoice asks the buyer for a transfer (BR-DE-23: then it names the account). */
const chargesBuyer = (content: DocumentContent) =>
  content.kind === 'invoice' && paymentStatementOf(content).meansCode === '58'

/**
 * BG-16, how the amount due is to be paid, or was — the payment statement's means: a SEPA
 * transfer to the seller's account while something is due by transfer, cash when paid in cash,
 * else "not defined" (paid otherwise, due at the pickup, or a credit note), with BT-82 in words.
 */
function paymentMeans(content: DocumentContent) {
  const statement = paymentStatementOf(content)
  const text = { 'cbc:PaymentMeansCode@name': statement.meansText }
  if (!chargesBuyer(content)) return { 'cbc:PaymentMeansCode': statement.meansCode, ...text }
  const { seller } = content
  return {
    'cbc:PaymentMeansCode': '58',
    ...text,
    'cbc:PaymentID': content.number,
    'cac:PayeeFinancialAccount': {
      'cbc:ID': (seller.iban as string).replace(/\s+/g, ''),
      'cbc:Name': seller.name,
      ...(seller.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic } } : {}),
    },
  }
}

/** UN/ECE Recommendation 20: grams, or pieces for packs; a price correction is one unit (C62). */
const unitCode = (item: DocumentItem) =>
  item.priceCorrection ? 'C62' : item.salesUnit === 'gram' ? 'GRM' : 'H87'

/** An electronic address (BT-34/BT-49): an e-mail (scheme EM) or a Leitweg-ID (scheme 0204). */
function endpoint(address: string) {
  return address.includes('@')
    ? { 'cbc:EndpointID': address, 'cbc:EndpointID@schemeID': 'EM' }
    : { 'cbc:EndpointID': address, 'cbc:EndpointID@schemeID': '0204' }
}

function assertEInvoiceFacts(content: DocumentContent) {
  if (content.kind !== 'invoice' && !isCreditDocument(content.kind))
    throw new DocumentContentError(
      'E-Rechnungen gibt es nur für Rechnungen, Stornorechnungen und Gutschriften.',
    )
  if (content.recipient.kind !== 'business')
    throw new DocumentContentError('E-Rechnungen gibt es nur für Geschäftskunden.')
  // EN 16931 sums net lines (BR-CO-10); a gross-priced document has none to sum (ADR 056).
  if (content.priceBasis === 'gross')
    throw new DocumentContentError('E-Rechnungen rechnen mit Nettopreisen.')
  const missing: string[] = []
  if (!content.seller.email) missing.push('E-Mail-Adresse des Ausstellers')
  if (!content.seller.phone) missing.push('Telefonnummer des Ausstellers')
  if (!content.seller.vatId && !content.seller.taxNumber)
    missing.push('Steuernummer oder USt-IdNr.')
  if (chargesBuyer(content) && !content.seller.iban) missing.push('IBAN des Ausstellers')
  if (missing.length > 0)
    throw new DocumentContentError(`Für die E-Rechnung fehlt: ${missing.join(', ')}.`)
}

/**
 * BT-30 and BT-33: the seller's register entry as its identifier, and seat, register and managers
 * as the additional legal information (what its business letters print, § 35a GmbHG & c.).
 */
function sellerLegalEntity(seller: DocumentContent['seller']) {
  const { legal } = seller
  const registered = legal?.registerCourt && legal.registerNumber
  const information = legal
    ? [legalFormRules[legal.legalForm].label, ...legalIdentityLines(legal, seller.address.city)]
    : []
  return {
    'cbc:RegistrationName': seller.name,
    ...(registered ? { 'cbc:CompanyID': `${legal.registerCourt} ${legal.registerNumber}` } : {}),
    ...(information.length > 0 ? { 'cbc:CompanyLegalForm': information.join('; ') } : {}),
  }
}

/** The e-invoice-eu internal (UBL-shaped) invoice of a frozen document. */
export function toEInvoice(content: DocumentContent): Invoice {
  assertEInvoiceFacts(content)
  const { seller, recipient, totals, vatExemption } = content
  const sign = signOf(content)
  const money = (cents: number) => amount(sign * cents)
  const due = amountDue(content)
  // BT-22: an advance invoice says so (ADR 055), as its PDF's title does.
  const invoiceNote =
    [content.advanceInvoice ? 'Vorausrechnung' : null, content.notes].filter(Boolean).join(' – ') ||
    null
  // BT-113: paid already, and a statutory insurer's share settled with it directly (ADR 055).
  const settled = content.kind === 'invoice' ? paymentStatementOf(content).settledCents : 0
  const preceding = precedingInvoiceOf(content)
  const sellerEmail = seller.email as string
  // BT-49 where the buyer has an address to receive e-invoices at; the invoice is due without one.
  const buyerAddress = recipient.eInvoiceAddress ?? recipient.email
  const sellerTaxSchemes = [
    ...(seller.vatId
      ? [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
      : []),
    ...(seller.taxNumber
      ? [{ 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }]
      : []),
  ]
  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': content.number,
      'cbc:IssueDate': content.issueDate,
      ...(content.dueDate ? { 'cbc:DueDate': content.dueDate } : {}),
      'cbc:InvoiceTypeCode': isCreditDocument(content.kind) ? '381' : '380',
      ...(invoiceNote ? { 'cbc:Note': invoiceNote } : {}),
      'cbc:DocumentCurrencyCode': 'EUR',
      // BT-10 is mandatory in XRechnung: the buyer's Leitweg-ID, else our customer number.
      'cbc:BuyerReference':
        recipient.eInvoiceAddress && !recipient.eInvoiceAddress.includes('@')
          ? recipient.eInvoiceAddress
          : (recipient.customerNumber ?? content.orderNumber ?? content.number),
      // BT-13 is the buyer's own order number, BT-14 ours.
      ...(content.orderNumber || content.buyerOrderReference
        ? {
            'cac:OrderReference': {
              ...(content.buyerOrderReference ? { 'cbc:ID': content.buyerOrderReference } : {}),
              ...(content.orderNumber ? { 'cbc:SalesOrderID': content.orderNumber } : {}),
            },
          }
        : {}),
      ...(preceding
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': preceding.number,
                  'cbc:IssueDate': preceding.issueDate,
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...endpoint(sellerEmail),
          'cac:PartyName': { 'cbc:Name': seller.name },
          'cac:PostalAddress': {
            'cbc:StreetName': seller.address.street,
            'cbc:CityName': seller.address.city,
            'cbc:PostalZone': seller.address.postalCode,
            'cac:Country': { 'cbc:IdentificationCode': seller.address.country },
          },
          'cac:PartyTaxScheme': sellerTaxSchemes,
          'cac:PartyLegalEntity': sellerLegalEntity(seller),
          'cac:Contact': {
            'cbc:Name': seller.name,
            'cbc:Telephone': seller.phone as string,
            'cbc:ElectronicMail': sellerEmail,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(buyerAddress ? endpoint(buyerAddress) : {}),
          ...(recipient.customerNumber
            ? { 'cac:PartyIdentification': { 'cbc:ID': recipient.customerNumber } }
            : {}),
          'cac:PartyName': { 'cbc:Name': recipient.name },
          'cac:PostalAddress': {
            'cbc:StreetName': recipient.address.street,
            'cbc:CityName': recipient.address.city,
            'cbc:PostalZone': recipient.address.postalCode,
            'cac:Country': { 'cbc:IdentificationCode': recipient.address.country },
          },
          ...(recipient.vatId
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': recipient.vatId,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': recipient.name },
          ...(recipient.contactName
            ? { 'cac:Contact': { 'cbc:Name': recipient.contactName } }
            : {}),
        },
      },
      'cac:Delivery': {
        // BT-72: the day the goods left; an advance invoice precedes it and names the
        // recipient the goods will go to instead (BT-70).
        ...(content.advanceInvoice
          ? { 'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': recipient.name } } }
          : { 'cbc:ActualDeliveryDate': content.deliveryDate ?? content.issueDate }),
        // An intra-community supply names where the goods went (BR-IC-12): to the recipient.
        ...(vatExemption?.category === 'K'
          ? {
              'cac:DeliveryLocation': {
                'cac:Address': {
                  'cbc:StreetName': recipient.address.street,
                  'cbc:CityName': recipient.address.city,
                  'cbc:PostalZone': recipient.address.postalCode,
                  'cac:Country': { 'cbc:IdentificationCode': recipient.address.country },
                },
              },
            }
          : {}),
      },
      'cac:PaymentMeans': [paymentMeans(content)],
      // BT-20: the payment statement the PDF prints, in the same words.
      'cac:PaymentTerms': {
        'cbc:Note':
          content.kind === 'cancellation_invoice'
            ? `Storno der Rechnung ${preceding?.number}.`
            : content.kind === 'credit_note'
              ? `Rechnungskorrektur zur Rechnung ${preceding?.number}.`
              : paymentStatementOf(content).sentences.join(' ') || 'Keine Zahlung fällig.',
      },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(totals.vatCents),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': totals.byRate.map((line) => ({
            'cbc:TaxableAmount': money(line.netCents),
            'cbc:TaxableAmount@currencyID': 'EUR',
            'cbc:TaxAmount': money(line.vatCents),
            'cbc:TaxAmount@currencyID': 'EUR',
            'cac:TaxCategory': taxCategory(line.rate, vatExemption, { withReason: true }),
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(totals.netCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': money(totals.netCents),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': money(totals.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        ...(settled > 0
          ? {
              'cbc:PrepaidAmount': amount(settled),
              'cbc:PrepaidAmount@currencyID': 'EUR',
            }
          : {}),
        'cbc:PayableAmount': amount(due),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': content.items.map((item) => ({
        'cbc:ID': String(item.position),
        'cbc:InvoicedQuantity': String(sign * item.quantity),
        'cbc:InvoicedQuantity@unitCode': unitCode(item),
        'cbc:LineExtensionAmount': money(item.lineNetCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:Item': {
          'cbc:Name': item.name,
          ...(item.pzn ? { 'cac:SellersItemIdentification': { 'cbc:ID': item.pzn } } : {}),
          'cac:ClassifiedTaxCategory': taxCategory(item.vatRate, vatExemption, {
            withReason: false,
          }),
        },
        'cac:Price': {
          'cbc:PriceAmount': amount(item.unitNetCents),
          'cbc:PriceAmount@currencyID': 'EUR',
        },
      })),
    },
  }
  return invoice as unknown as Invoice
}

/** XRechnung 3.0 in CII syntax (accepted by every German public-sector portal, like UBL). */
export async function renderXRechnung(content: DocumentContent): Promise<string> {
  const xml = await generate(toEInvoice(content), {
    format: 'XRECHNUNG-CII',
    lang: 'de-de',
    noWarnings: true,
  })
  if (typeof xml !== 'string') throw new Error('XRechnung generation returned no XML')
  return repairedCii(xml, content)
}

/**
 * Factur-X (ZUGFeRD 2, profile EN 16931): our invoice PDF as PDF/A-3 with `factur-x.xml`.
 * The library stamps the current time into the document info, the XMP packet and the
 * attachment; we replace all three with the issue date so the same content gives the same bytes.
 */
export async function renderFacturX(
  content: DocumentContent,
  options: RenderOptions = {},
): Promise<Uint8Array> {
  const einvoice = toEInvoice(content)
  const pdf = await renderDocumentPdfOf(content, options)
  const result = await generate(einvoice, {
    format: 'Factur-X-EN16931',
    lang: 'de-de',
    noWarnings: true,
    pdf: { buffer: pdf, filename: `${content.number}.pdf`, mimetype: 'application/pdf' },
  })
  if (typeof result === 'string') throw new Error('Factur-X generation returned no PDF')
  return finishFacturX(result, content)
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Where @e-invoice-eu/core 2.3.4 gets CII wrong, put right (remove once fixed upstream):
 * - BT-25/BT-26, the invoice a credit note refers to: its CII mapping looks for the number one
 *   level too high and drops it; added right after the monetary summation, where CII puts it.
 * - BT-13, the buyer's order number: its Factur-X EN 16931 profile drops it (EN 16931 has it);
 *   added after our own order number. Without one, its XRechnung invents "NA" (UBL's filler for a
 *   missing purchase order number) as the buyer's order number; removed.
 * - BT-29, the seller's identifier: its seller mapping never writes one. BR-CO-26 wants the seller
 *   identified by it where there is no VAT id: by the tax number then, first in the seller party.
 * - BT-33, the seller's additional legal information: its mapping drops UBL's CompanyLegalForm;
 *   added as the seller party's description, right after its name.
 */
export function repairedCii(xml: string, content: DocumentContent): string {
  let result = xml
  const { seller } = content
  const legalInformation = sellerLegalEntity(seller)['cbc:CompanyLegalForm']
  if (
    legalInformation &&
    !/<ram:SellerTradeParty>(?:(?!<\/ram:SellerTradeParty>)[\s\S])*<ram:Description>/.test(result)
  ) {
    result = result.replace(
      /(<ram:SellerTradeParty>(?:(?!<\/ram:SellerTradeParty>)[\s\S])*?<\/ram:Name>)/,
      `$1<ram:Description>${escapeXml(legalInformation)}</ram:Description>`,
    )
  }
  if (!seller.vatId && seller.taxNumber && !/<ram:SellerTradeParty>\s*<ram:ID>/.test(result)) {
    result = result.replace(
      '<ram:SellerTradeParty>',
      `<ram:SellerTradeParty><ram:ID>${escapeXml(seller.taxNumber)}</ram:ID>`,
    )
  }
  const preceding = precedingInvoiceOf(content)
  if (preceding && !result.includes('<ram:InvoiceReferencedDocument>')) {
    const anchor = '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>'
    if (!result.includes(anchor)) throw new Error('CII without a monetary summation')
    const reference =
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${escapeXml(preceding.number)}</ram:IssuerAssignedID>` +
      `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${preceding.issueDate.replaceAll('-', '')}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
    result = result.replace(anchor, `${anchor}${reference}`)
  }
  if (!content.buyerOrderReference) {
    return result.replace(
      /<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>NA<\/ram:IssuerAssignedID>\s*<\/ram:BuyerOrderReferencedDocument>\s*/,
      '',
    )
  }
  if (!result.includes('<ram:BuyerOrderReferencedDocument>')) {
    const anchor = result.includes('</ram:SellerOrderReferencedDocument>')
      ? '</ram:SellerOrderReferencedDocument>'
      : '</ram:BuyerTradeParty>'
    const reference = `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${escapeXml(content.buyerOrderReference)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`
    result = result.replace(anchor, `${anchor}${reference}`)
  }
  return result
}

async function finishFacturX(bytes: Uint8Array, content: DocumentContent): Promise<Uint8Array> {
  const day = content.issueDate
  const date = new Date(`${day}T00:00:00Z`)
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  doc.setCreationDate(date)
  doc.setModificationDate(date)
  // The document info holds `forLibrary`'s strings as they were handed over.
  const plain = (text: string | undefined) => text?.replaceAll(libraryAmpersand, '&') ?? ''
  doc.setAuthor(plain(doc.getAuthor()))
  doc.setTitle(plain(doc.getTitle()))
  doc.setSubject(plain(doc.getSubject()))

  const metadataRef = doc.catalog.get(PDFName.of('Metadata'))
  const stream = metadataRef instanceof PDFRef ? doc.context.lookup(metadataRef) : undefined
  if (metadataRef instanceof PDFRef && stream instanceof PDFRawStream) {
    // The library writes the packet one byte per UTF-16 unit: read it back as Latin-1, which
    // restores umlauts, and store it as the UTF-8 that XMP requires.
    const xmp = Buffer.from(stream.getContents())
      .toString('latin1')
      .replace(/^\u00ef\u00bb\u00bf/, '\ufeff')
      .replace('begin="\u00ef\u00bb\u00bf"', 'begin="\ufeff"')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}/g, `${day}T00:00:00+00:00`)
      // The packet's texts come from `forLibrary`'s strings through a builder that does not
      // decode them: their `&` is escaped once too often.
      .replaceAll(libraryAmpersand, '&amp;')
    const encoded = new TextEncoder().encode(xmp)
    doc.context.assign(
      metadataRef,
      doc.context.stream(encoded, { Type: 'Metadata', Subtype: 'XML', Length: encoded.length }),
    )
  }

  // Document info and the attachment's file parameters both carry dates. After a round trip
  // through object streams the library's first info dictionary may linger unreferenced, so every
  // dictionary with a date is pinned rather than only the ones reachable from the trailer.
  const pinDates = (dict: PDFDict | undefined) => {
    for (const key of ['CreationDate', 'ModDate']) {
      if (dict?.has(PDFName.of(key))) dict.set(PDFName.of(key), PDFString.fromDate(date))
    }
  }
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    // Object streams of the loaded file stay behind as raw copies of objects that were parsed
    // out of them (old dates included); the file is written without object streams, so drop them.
    if (
      object instanceof PDFRawStream &&
      object.dict.get(PDFName.of('Type')) === PDFName.of('ObjStm')
    ) {
      doc.context.delete(ref)
      continue
    }
    if (object instanceof PDFDict) pinDates(object)
    if (object instanceof PDFRawStream) {
      pinDates(object.dict)
      pinDates(object.dict.lookupMaybe(PDFName.of('Params'), PDFDict))
      if (object.dict.get(PDFName.of('Type')) === PDFName.of('EmbeddedFile')) {
        const raw = object.getContents()
        const packed = object.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode')
        const embedded = Buffer.from(packed ? inflateSync(raw) : raw).toString('utf8')
        const xml = repairedCii(embedded, content)
        if (xml === embedded) continue
        const encoded = new TextEncoder().encode(xml)
        const replacement = doc.context.flateStream(encoded, {
          Type: 'EmbeddedFile',
          Subtype: object.dict.get(PDFName.of('Subtype')),
          Params: {
            Size: encoded.length,
            CreationDate: PDFString.fromDate(date),
            ModDate: PDFString.fromDate(date),
          },
        })
        doc.context.assign(ref, replacement)
      }
    }
  }
  return doc.save({ useObjectStreams: false })
}
