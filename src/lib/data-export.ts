import {
  customerOrderStatusLabels,
  deliveryMethodLabels,
  orderChannelLabels,
  orderTypeLabels,
  paymentStatusLabels,
  prescriptionFormLabels,
} from './customer-orders'
import {
  type CustomerExport,
  type CustomerExportItem,
  type CustomerFields,
  customerFieldLabels,
  customerKindLabels,
  eInvoiceFormatLabels,
  licenceTypeLabels,
  payerKindLabels,
} from './customers'
import { formatDate, formatDateTime, formatMoney } from './format'
import { formatCannabinoid, formatPackSize, salesUnitLabels, vatRateLabels } from './products'
import { shopPaymentMethodLabels } from './shop'
import type { ShopAccountExport, ShopOrderAddress } from './shop-account'

/**
 * The DSGVO data export as the person downloads it (Art. 15, 20 DSGVO): German keys and
 * readable values — labels instead of codes ("Kostenträger": "Privat", not `"payerKind":
 * "private"`), German dates and euro amounts — still one structured, machine-readable JSON file.
 */
type Readable = string | number | null | Readable[] | { [key: string]: Readable }

const yesNo = (value: boolean) => (value ? 'ja' : 'nein')
const date = (value: string | null) => (value ? formatDate(value) : null)
const dateTime = (value: string | null) => (value ? formatDateTime(value) : null)
const label = <T extends string>(labels: Record<T, string>, value: T | null) =>
  value === null ? null : labels[value]

/** One stored customer field, readable. */
function fieldValue<K extends keyof CustomerFields>(key: K, fields: CustomerFields): Readable {
  const value = fields[key]
  switch (key) {
    case 'kind':
      return customerKindLabels[fields.kind]
    case 'licenceType':
      return label(licenceTypeLabels, fields.licenceType)
    case 'eInvoiceFormat':
      return eInvoiceFormatLabels[fields.eInvoiceFormat]
    case 'payerKind':
      return label(payerKindLabels, fields.payerKind)
    case 'copaymentExempt':
      return yesNo(fields.copaymentExempt)
    case 'birthDate':
    case 'licenceValidUntil':
    case 'joinedOn':
    case 'idCheckedOn':
    case 'leftOn':
    case 'noOtherClubDeclaredOn':
    case 'residenceDeclaredOn':
      return date(value as string | null)
    default:
      return value as string | null
  }
}

/** An order line as both exports write it. */
const exportedItem = (item: Omit<CustomerExportItem, 'position'>) => ({
  Artikel: item.name,
  PZN: item.pzn,
  Menge: item.quantity,
  Einheit: salesUnitLabels[item.salesUnit],
  'Einzelpreis netto': formatMoney(item.unitPriceCents),
  Umsatzsteuersatz: vatRateLabels[item.vatRate],
  Zuzahlung: formatMoney(item.copaymentCents),
})

const address = (value: ShopOrderAddress) => ({
  Name: value.name,
  'Straße und Hausnummer': value.street,
  PLZ: value.postalCode,
  Ort: value.city,
  Land: value.country,
})

/** The back office's export of a customer (`exportCustomer`), as the JSON download carries it. */
export function readableCustomerExport(data: CustomerExport): Record<string, Readable> {
  const { customer } = data
  const fields: Record<string, Readable> = { Kundennummer: customer.number }
  for (const key of Object.keys(customerFieldLabels) as (keyof CustomerFields)[]) {
    fields[customerFieldLabels[key]] = fieldValue(key, customer)
  }
  return {
    'Erstellt am': formatDateTime(data.exportedAt),
    'Verantwortliche Stelle': {
      Name: data.controller.name,
      'Straße und Hausnummer': data.controller.street,
      PLZ: data.controller.postalCode,
      Ort: data.controller.city,
    },
    Kunde: {
      ...fields,
      Aktiv: yesNo(customer.active),
      'Deaktiviert am': dateTime(customer.deactivatedAt),
      'Anonymisiert am': dateTime(customer.anonymisedAt),
      'Angelegt am': formatDateTime(customer.createdAt),
      'Zuletzt geändert am': formatDateTime(customer.updatedAt),
    },
    'Kundenkonto im Shop': data.shopAccount && {
      'E-Mail': data.shopAccount.email,
      Name: data.shopAccount.name,
      Shop: data.shopAccount.shopName,
    },
    Notizen: data.notes.map((note) => ({
      Notiz: note.body,
      'Angelegt am': formatDateTime(note.createdAt),
    })),
    Bestellungen: data.orders.map((order) => ({
      Nummer: order.number,
      'Angelegt am': formatDateTime(order.createdAt),
      Status: customerOrderStatusLabels[order.status],
      Zahlung: paymentStatusLabels[order.paymentStatus],
      Eingang: orderChannelLabels[order.channel],
      Lieferart: deliveryMethodLabels[order.deliveryMethod],
      Lieferadresse: address({
        name: order.deliveryName,
        street: order.deliveryStreet,
        postalCode: order.deliveryPostalCode,
        city: order.deliveryCity,
        country: order.deliveryCountry,
      }),
      Anmerkung: order.note,
      'Summe netto': formatMoney(order.netCents),
      Umsatzsteuer: formatMoney(order.vatCents),
      'Summe brutto': formatMoney(order.grossCents),
      Zuzahlung: formatMoney(order.copaymentCents),
      'Anteil Krankenkasse': formatMoney(order.insurerCents),
      Positionen: order.items.map((item) => ({ Position: item.position, ...exportedItem(item) })),
      Rezept: order.prescription && {
        Kostenträger: payerKindLabels[order.prescription.payer],
        Form: prescriptionFormLabels[order.prescription.form],
        'Verschreibende Person': order.prescription.prescriberName,
        'Ausgestellt am': formatDate(order.prescription.issuedOn),
        Gebrauchsanweisung: order.prescription.dosage,
        Krankenkasse: order.prescription.insurerName,
        Versichertennummer: order.prescription.insuranceNumber,
      },
    })),
    Abgaben: data.handouts.map((record) => ({
      Nummer: record.number,
      'Abgegeben am': formatDateTime(record.handedOutAt),
      Produkt: record.productName,
      Charge: record.batchNumber,
      Menge: formatPackSize(record.quantity, record.packUnit),
      THC: formatCannabinoid(record.thcContent, record.cannabinoidUnit),
      CBD: formatCannabinoid(record.cbdContent, record.cannabinoidUnit),
      'Storniert am': dateTime(record.cancelledAt),
    })),
  }
}

/** The shop customer's own export (`exportShopAccount`), as the JSON download carries it. */
export function readableShopAccountExport(data: ShopAccountExport): Record<string, Readable> {
  return {
    'Erstellt am': formatDateTime(data.exportedAt),
    Shop: data.shop,
    Kundenkonto: {
      Name: data.account.name,
      'E-Mail': data.account.email,
      Telefon: data.account.phone,
      Geburtsdatum: date(data.account.birthDate),
      'E-Mail bestätigt am': dateTime(data.account.emailConfirmedAt),
      'Angelegt am': formatDateTime(data.account.createdAt),
    },
    Einwilligungen: data.consents.map((consent) => ({
      Art: 'Datenschutzerklärung zur Kenntnis genommen',
      Am: dateTime(consent.at),
      Fassung: consent.version,
    })),
    Adressen: data.addresses.map((entry) => ({
      Name: entry.name,
      Zusatz: entry.addition,
      'Straße und Hausnummer': entry.street,
      PLZ: entry.postalCode,
      Ort: entry.city,
      Land: entry.country,
      'Standard-Rechnungsadresse': yesNo(entry.defaultBilling),
      'Standard-Lieferadresse': yesNo(entry.defaultShipping),
    })),
    Bestellungen: data.orders.map((order) => ({
      Nummer: order.number,
      Art: orderTypeLabels[order.type],
      Status: customerOrderStatusLabels[order.status],
      Zahlung: paymentStatusLabels[order.paymentStatus],
      Zahlungsart: label(shopPaymentMethodLabels, order.paymentMethod),
      'Angelegt am': formatDateTime(order.createdAt),
      Lieferart: deliveryMethodLabels[order.deliveryMethod],
      Lieferadresse: address(order.delivery),
      Rechnungsadresse: address(order.billing),
      'Summe netto': formatMoney(order.netCents),
      Umsatzsteuer: formatMoney(order.vatCents),
      'Summe brutto': formatMoney(order.grossCents),
      Versandkosten: formatMoney(order.deliveryFeeCents),
      Zuzahlung: formatMoney(order.copaymentCents),
      'Anteil Krankenkasse': formatMoney(order.insurerCents),
      Stornierungsgrund: order.cancelReason,
      Positionen: order.items.map(exportedItem),
    })),
  }
}
