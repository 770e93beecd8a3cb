import { Building, LayoutDashboard, type LucideIcon, Newspaper } from 'lucide-react'
import { type AreaKey, areaTitles } from './back-office-head'

/**
 * The screens whose business function arrives with later work: each says what it is for and shows
 * an honest empty state — nothing on them pretends to work yet.
 */
export interface Area {
  title: string
  description: string
  icon: LucideIcon
  emptyTitle: string
  emptyText: string
}

/** Screens that have their own page by now, so no placeholder. */
type BuiltArea =
  | 'dashboard'
  | 'analyse'
  | 'admin'
  | 'masterProducts'
  | 'masterProductCreate'
  | 'masterProductEdit'
  | 'masterProductUpload'
  | 'products'
  | 'productCreate'
  | 'product'
  | 'productEdit'
  | 'archivedProducts'
  | 'purchaseOrders'
  | 'purchaseOrderCreate'
  | 'purchaseOrderEdit'
  | 'purchaseOrderReceipt'
  | 'suppliers'
  | 'stock'
  | 'batch'
  | 'goodsReceipt'
  | 'harvest'
  | 'customers'
  | 'documents'
  | 'bookkeeping'
  | 'bankStatements'
  | 'members'
  | 'customerCreate'
  | 'customer'
  | 'customerEdit'
  | 'memberCreate'
  | 'customerExport'
  | 'customerOrders'
  | 'customerOrderCreate'
  | 'customerOrder'
  | 'customerOrderEdit'
  | 'prescriptionConfigurator'
  | 'reservation'
  | 'shop'
  | 'confirmation'
  | 'paymentReturn'
  | 'flowers'
  | 'flower'
  | 'extracts'
  | 'account'
  | 'accountOrders'
  | 'accountOrder'
  | 'accountPersonal'
  | 'accountAddresses'
  | 'checkout'
  | 'shopOrder'
  | 'withdrawal'
  | 'cart'
  | 'invitation'
  | 'handouts'
  | 'handoutCreate'
  | 'handout'
  | 'live'
  | 'fillingProtocols'
  | 'fillingCreate'
  | 'fillingInstructions'
export type PlaceholderArea = Exclude<AreaKey, BuiltArea>

export const areas: Record<PlaceholderArea, Area> = {
  platformDashboard: {
    title: areaTitles.platformDashboard,
    description: 'Der Überblick über die Plattform Blattwerk.',
    icon: LayoutDashboard,
    emptyTitle: 'Die Plattform verwalten',
    emptyText:
      'Organisationen, Zugänge und die zentrale Produktdatenbank pflegst du in der Administration.',
  },
  organisation: {
    title: areaTitles.organisation,
    description: 'Stammdaten, Adressen und Mitarbeitende deiner Organisation.',
    icon: Building,
    emptyTitle: 'Organisationsdaten',
    emptyText: 'Hier pflegst du Anschrift, Erlaubnisse und die Zugänge deiner Mitarbeitenden.',
  },
  news: {
    title: areaTitles.news,
    description:
      'Mit Blattwerk bekommt jede Apotheke ihren eigenen Shop für medizinisches Cannabis.',
    icon: Newspaper,
    emptyTitle: 'Dein eigener Shop',
    emptyText:
      'Eigene Adresse, eigene Farben, Rezeptkonfigurator und Bezahlung mit Mollie – direkt verbunden mit Bestand und Bestellungen im Back-Office.',
  },
} satisfies Record<string, Area>
