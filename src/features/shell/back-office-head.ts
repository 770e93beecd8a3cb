import { pageHead, publicAreaTitles } from './page-head'

/** The back office's page titles, with the public pages' (page-head.ts) for the areas both name. */
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
  handout: 'Abgabe',
  handouts: 'Abgaben',
  handoutCreate: 'Neue Abgabe',
  ...publicAreaTitles,
} as const

export type AreaKey = keyof typeof areaTitles

export function areaHead(area: AreaKey) {
  return () => pageHead(areaTitles[area])
}
