/**
 * Page titles. Every route's `head` uses them, so they stay apart from the area descriptions and
 * icons (areas.ts), which only the pages themselves load.
 */
export const areaTitles = {
  dashboard: 'Dashboard',
  platformDashboard: 'Dashboard',
  admin: 'Administration',
  masterProducts: 'Produktdatenbank',
  masterProductUpload: 'Produktdatenbank importieren',
  masterProductEdit: 'Stammprodukt bearbeiten',
  masterProductCreate: 'Neues Stammprodukt',
  analyse: 'Analyse',
  products: 'Produkte',
  productCreate: 'Produkt anlegen',
  product: 'Produkt',
  productEdit: 'Produkt bearbeiten',
  customers: 'Kunden',
  members: 'Mitglieder',
  customerCreate: 'Kunde anlegen',
  customer: 'Kunde',
  customerEdit: 'Kunde bearbeiten',
  memberCreate: 'Mitglied anlegen',
  customerExport: 'Datenauskunft',
  documents: 'Dokumente',
  bookkeeping: 'Buchhaltung',
  bankStatements: 'Kontoauszüge',
  archivedProducts: 'Archivierte Produkte',
  customerOrders: 'Bestellungen',
  customerOrderCreate: 'Bestellung erfassen',
  customerOrder: 'Bestellung',
  customerOrderEdit: 'Bestellung bearbeiten',
  purchaseOrders: 'Einkauf',
  purchaseOrderCreate: 'Einkaufsbestellung anlegen',
  purchaseOrderEdit: 'Einkaufsbestellung bearbeiten',
  purchaseOrderReceipt: 'Wareneingang zur Bestellung',
  suppliers: 'Lieferanten',
  organisation: 'Organisation',
  fillingProtocols: 'Abfüllprotokolle',
  fillingCreate: 'Neue Abfüllung',
  fillingInstructions: 'Herstellungsanweisungen',
  stock: 'Bestand',
  batch: 'Charge',
  goodsReceipt: 'Wareneingang',
  harvest: 'Ernte erfassen',
  live: 'Live-Ansicht',
  handout: 'Abgabe',
  handouts: 'Abgaben',
  handoutCreate: 'Neue Abgabe',
  shop: 'Willkommen im Shop',
  account: 'Mein Konto',
  accountOrders: 'Meine Bestellungen',
  accountOrder: 'Bestellung',
  accountPersonal: 'Persönliche Daten',
  accountAddresses: 'Adressen',
  flowers: 'Blüten',
  flower: 'Blüte',
  extracts: 'Extrakte',
  cart: 'Warenkorb',
  checkout: 'Kasse',
  shopOrder: 'Ihre Bestellung',
  withdrawal: 'Vertrag widerrufen',
  prescriptionConfigurator: 'Rezeptkonfigurator',
  reservation: 'Reservierung',
  news: 'Neu: der Online-Shop für deine Apotheke',
  invitation: 'Einladung',
  paymentReturn: 'Zahlung',
  confirmation: 'Bestellbestätigung',
} as const

export type AreaKey = keyof typeof areaTitles

/** The `<title>` of a page: its name, then the shop's or the product's. */
export function pageHead(title: string, brand = 'Blattwerk') {
  return { meta: [{ title: `${title} – ${brand}` }] }
}

export function areaHead(area: AreaKey) {
  return () => pageHead(areaTitles[area])
}

/** For shop pages: titled with the tenant's shop name. */
export function shopAreaHead(area: AreaKey) {
  return ({
    match,
  }: {
    match: { context: { tenant: { config: { shopName: string } | null } | null } }
  }) => pageHead(areaTitles[area], match.context.tenant?.config?.shopName ?? 'Online-Shop')
}
