import type { DocumentContent, DocumentItem } from '~/server/documents/document-content'
import { documentTotals } from '~/server/documents/document-content'

/**
 * Fixed document content for the renderer tests: a wholesaler's invoice to a pharmacy with a
 * batch, an aid and a book at 7 %. Every date is fixed, so the rendered bytes never change.
 */

export function item(position: number, overrides: Partial<DocumentItem> = {}): DocumentItem {
  const quantity = overrides.quantity ?? 10
  const unitNetCents = overrides.unitNetCents ?? 899
  return {
    position,
    name: `Cannabisblüten Größe ${position}`,
    pzn: '17261520',
    quantity,
    salesUnit: 'gram',
    unitNetCents,
    vatRate: '19',
    lineNetCents: quantity * unitNetCents,
    batches: [],
    ...overrides,
  }
}

export function invoice(overrides: Partial<DocumentContent> = {}): DocumentContent {
  const items = overrides.items ?? [
    item(1, {
      name: 'Pedanios 22/1 – Blüten, unzerkleinert',
      quantity: 15,
      unitNetCents: 1050,
      batches: [{ number: 'CH-2026-118', quantityText: '15 g', expiryDate: '2027-05-31' }],
    }),
    item(2, {
      name: 'Vaporisator Mighty+ (Hilfsmittel)',
      pzn: '16891380',
      quantity: 1,
      salesUnit: 'pack',
      unitNetCents: 29900,
      vatRate: '19',
    }),
    item(3, {
      name: 'Fachbuch „Cannabis in der Apotheke“',
      pzn: null,
      quantity: 2,
      salesUnit: 'pack',
      unitNetCents: 2995,
      vatRate: '7',
    }),
  ]
  return {
    kind: 'invoice',
    number: 'RE-2026-00017',
    issueDate: '2026-11-20',
    deliveryDate: '2026-11-19',
    orderNumber: 'AU-2026-00042',
    orderDate: '2026-11-12',
    seller: {
      name: 'Nordhanf Großhandel GmbH',
      address: {
        street: 'Große Elbstraße 145',
        postalCode: '22767',
        city: 'Hamburg',
        country: 'DE',
      },
      taxNumber: '43/721/01234',
      vatId: 'DE298765432',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank Hamburg',
      email: 'buchhaltung@nordhanf.example',
      phone: '+49 40 5551234',
      website: 'www.nordhanf.example',
      logo: null,
    },
    recipient: {
      kind: 'business',
      name: 'Sonnen-Apotheke Köln',
      contactName: 'Jörg Weiß',
      address: { street: 'Hohe Straße 12', postalCode: '50667', city: 'Köln', country: 'DE' },
      vatId: 'DE811234567',
      customerNumber: 'KD-00031',
      email: 'einkauf@sonnen-apotheke.example',
      eInvoiceAddress: 'rechnungen@sonnen-apotheke.example',
    },
    items,
    totals: documentTotals(items),
    paymentTerms: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
    dueDate: '2026-12-04',
    notes: 'Lieferung gemäß Ihrer Bestellung vom 12.11.2026.',
    prescription: null,
    cancels: null,
    ...overrides,
  }
}
