import type { FillingProtocolDetail } from '~/lib/filling-protocols'
import type { AnnualHandoutReport } from '~/lib/handout-report'
import { emptyConfiguration } from '~/lib/prescription-configurator'
import {
  type CreditRequest,
  creditedSoFar,
  creditNoteLines,
} from '~/server/documents/credit-note-content'
import type {
  DocumentContent,
  DocumentItem,
  DocumentSeller,
} from '~/server/documents/document-content'
import { documentTotals } from '~/server/documents/document-content'
import type { PrescriptionSample } from '~/server/documents/render/index.server'

/**
 * Fixed input of every PDF the product renders, for the renderer tests: a wholesaler's invoice
 * to a pharmacy with a batch, an aid and a book at 7 %, a pharmacy's filling protocol, a club's
 * annual report and a sample prescription. Every date is fixed, so the bytes never change.
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
    unitGrossCents: null,
    lineGrossCents: null,
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
    buyerOrderReference: null,
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
      legal: {
        legalForm: 'gmbh',
        registerCourt: 'Amtsgericht Hamburg',
        registerNumber: 'HRB 178234',
        managers: ['Hanna Nordmann', 'Erik Lindqvist'],
        supervisoryBoardChair: null,
      },
      logo: null,
      // Printed on delivery notes only (§ 47 AMG).
      licences: [
        'Erlaubnis nach § 4 MedCanG: MedCanG-E-2024-0178, Bundesinstitut für Arzneimittel und Medizinprodukte (BfArM)',
        'Großhandelserlaubnis nach § 52a AMG: HH-52a-2022-0317, Behörde für Justiz und Verbraucherschutz Hamburg',
      ],
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
    priceBasis: overrides.priceBasis ?? 'net',
    items,
    totals: documentTotals(items, overrides.priceBasis ?? 'net'),
    advanceInvoice: false,
    payment: { kind: 'transfer' },
    dueDate: '2026-12-04',
    paidCents: 0,
    vatExemption: null,
    eInvoiceFormat: 'xrechnung',
    notes: 'Lieferung gemäß Ihrer Bestellung vom 12.11.2026.',
    prescription: null,
    cancels: null,
    corrects: null,
    creditReason: null,
    ...overrides,
  }
}

/**
 * A credit note (Rechnungskorrektur) of `original`, as the service makes it: by default two of
 * the 15 g of position 1 taken back.
 */
export function creditNote(
  original: DocumentContent = invoice(),
  request: CreditRequest = { reason: 'return', lines: [{ position: 1, quantity: 2 }] },
  earlier: DocumentContent[] = [],
): DocumentContent {
  return {
    ...original,
    ...creditNoteLines(
      original,
      creditedSoFar(earlier),
      request,
      new Set(original.items.map((line) => line.position)),
    ),
    kind: 'credit_note',
    priceBasis: 'net',
    number: 'RK-2026-00003',
    issueDate: '2026-11-27',
    payment: { kind: 'none' },
    advanceInvoice: false,
    dueDate: null,
    paidCents: 0,
    notes: null,
    prescription: null,
    cancels: null,
    corrects: { number: original.number, issueDate: original.issueDate },
    creditReason: request.reason,
  }
}

/** A pharmacy's letterhead (filling protocols, sample prescriptions). */
export const pharmacySeller: DocumentSeller = {
  name: 'Sonnen-Apotheke',
  address: { street: 'Sonnenallee 112', postalCode: '12045', city: 'Berlin', country: 'DE' },
  taxNumber: '29/512/34567',
  vatId: 'DE287654321',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'Deutsche Kreditbank',
  email: 'kontakt@sonnen-apotheke.example',
  phone: '+49 30 5559876',
  website: 'sonnen-apotheke.example',
  legal: {
    legalForm: 'registered_merchant',
    registerCourt: 'Amtsgericht Charlottenburg',
    registerNumber: 'HRA 58213 B',
    managers: ['Dr. Clara Sonnberg'],
    supervisoryBoardChair: null,
  },
  logo: null,
}

/** A club's letterhead (annual report). */
export const clubSeller: DocumentSeller = {
  ...pharmacySeller,
  name: 'Grüne Ecke e.V.',
  address: { street: 'Weserstraße 58', postalCode: '12045', city: 'Berlin', country: 'DE' },
  taxNumber: '27/640/55555',
  vatId: null,
  email: 'vorstand@gruene-ecke.example',
  website: null,
  legal: {
    legalForm: 'ev',
    registerCourt: 'Amtsgericht Charlottenburg',
    registerNumber: 'VR 40112 B',
    managers: ['Mara Grün', 'Levin Eck'],
    supervisoryBoardChair: null,
  },
}

/** A confirmed filling protocol: five units of 5 g, one outside the tolerance with its reason. */
export function fillingProtocol(
  overrides: Partial<FillingProtocolDetail> = {},
): FillingProtocolDetail {
  const nets = [5012, 4987, 5003, 4861, 5020]
  return {
    id: '00000000-0000-4000-8000-000000007001',
    number: 'AP-2026-00004',
    status: 'confirmed',
    organisationName: pharmacySeller.name,
    unitCount: nets.length,
    targetNetMg: 5000,
    toleranceBasisPoints: 200,
    bulk: {
      batchId: '00000000-0000-4000-8000-000000007002',
      batchNumber: 'CH-2026-118',
      productName: 'Nordstern 22/1 – Blüten, lose (Großgebinde)',
      expiryDate: '2027-05-31',
      harvestDate: '2026-08-14',
      testNumber: 'PR-2026-0311',
      thcContent: 21.7,
      cbdContent: 0.6,
      cannabinoidUnit: 'percent',
    },
    pack: { listingId: null, productName: 'Nordstern 22/1 – 5 g Dose' },
    units: nets.map((netMg, index) => ({
      position: index + 1,
      grossMg: 11_000 + netMg,
      tareMg: 11_000,
      netMg,
      deviationReason: netMg < 4900 ? 'Waage nachtariert, Dose ersetzt' : null,
    })),
    withdrawnMg: 25_150,
    lossReason: 'Staub und Anhaftungen am Trichter',
    netTotalMg: nets.reduce((sum, net) => sum + net, 0),
    lossMg: 25_150 - nets.reduce((sum, net) => sum + net, 0),
    filledByName: 'Dr. Clara Sonnberg',
    startedAt: '2026-11-18T08:30:00.000Z',
    submittedAt: '2026-11-18T09:05:00.000Z',
    confirmedByName: 'Tobias Licht',
    confirmedAt: '2026-11-18T10:12:00.000Z',
    filledBatch: { id: '00000000-0000-4000-8000-000000007003', batchNumber: 'AP-CH-2026-0004' },
    cancelledByName: null,
    cancelledAt: null,
    cancelReason: null,
    instruction: {
      version: 2,
      text: 'Großgebinde unter der Abzugshaube öffnen, Waage justieren, je Dose 5 g einwiegen, verschließen, etikettieren.',
      createdAt: '2026-11-02T07:45:00.000Z',
    },
    testRecord: {
      appearanceChecked: true,
      labellingChecked: true,
      note: 'Blüten trocken, frei von Schimmel und Fremdkörpern.',
    },
    actions: { record: false, confirm: false, cancel: false },
    fourEyesNote: null,
    ...overrides,
  }
}

/** A club's year: three varieties, one without a CBD value. */
export function annualReport(overrides: Partial<AnnualHandoutReport> = {}): AnnualHandoutReport {
  return {
    year: 2026,
    organisationName: clubSeller.name,
    varieties: [
      {
        name: 'Auwald',
        unit: 'percent',
        handouts: 412,
        quantityMg: 3_412_500,
        averageThc: 17.35,
        averageCbd: 0.42,
        openingMg: 1_250_000,
        harvestedMg: 4_100_000,
        handedOutMg: 3_412_500,
        destroyedMg: 180_000,
        correctedMg: -12_500,
        closingMg: 1_745_000,
      },
      {
        name: 'Spreewälder Nebel',
        unit: 'percent',
        handouts: 198,
        quantityMg: 1_288_000,
        averageThc: 9.8,
        averageCbd: 1.05,
        openingMg: 300_000,
        harvestedMg: 1_500_000,
        handedOutMg: 1_288_000,
        destroyedMg: 0,
        correctedMg: -4_000,
        closingMg: 508_000,
      },
      {
        name: 'Tempelhofer Feld',
        unit: 'percent',
        handouts: 77,
        quantityMg: 402_000,
        averageThc: 21.4,
        averageCbd: null,
        openingMg: 0,
        harvestedMg: 650_000,
        handedOutMg: 402_000,
        destroyedMg: 48_000,
        correctedMg: 0,
        closingMg: 200_000,
      },
    ],
    handouts: 687,
    quantityMg: 5_102_500,
    membersServed: 142,
    members: 168,
    ...overrides,
  }
}

/** A complete flower prescription, as the configurator's sample prints it. */
export function prescriptionSample(
  overrides: Partial<PrescriptionSample['configuration']> = {},
): PrescriptionSample {
  return {
    configuration: {
      ...emptyConfiguration('bluete'),
      productName: 'Pink Kush',
      thc: 22,
      cbd: 0.5,
      amount: 30,
      form: 'zerkleinert',
      singleDose: 0.05,
      dailyDose: 0.15,
      payer: 'gkv',
      patientName: 'Max Muster',
      patientBirthDate: '1980-04-01',
      prescriberName: 'Dr. Anna Beispiel',
      prescriberAddress: 'Praxisweg 1, 10115 Berlin',
      ...overrides,
    },
    product: null,
    pharmacyName: pharmacySeller.name,
    today: '2026-11-25',
  }
}
