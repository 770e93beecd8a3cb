import {
  Archive,
  Banknote,
  Boxes,
  Building,
  Calculator,
  ChartColumn,
  ClipboardList,
  Contact,
  FileText,
  HandHeart,
  LayoutDashboard,
  ListPlus,
  type LucideIcon,
  Package,
  Pill,
  ShieldCheck,
  ShoppingCart,
  Truck,
  Users,
} from 'lucide-react'
import { type AccessSession, decideAccess } from '~/lib/access-rules'
import type { OrganisationCategory } from '~/lib/auth-api'

export interface NavItem {
  label: string
  to: string
  icon: LucideIcon
}

/**
 * The menu of an organisation. The platform's own organisation has no business of its own: its
 * admins see the console. Businesses see their areas in the order of a working day; a club keeps
 * members, not customers, and hands out to them ("Abgabe"). The access rules leave out what an
 * organisation's category does not do (`visibleNav`).
 */
export function backOfficeNav(organisation: {
  id: string
  category: OrganisationCategory
}): NavItem[] {
  const organisationItem = {
    label: 'Organisation',
    to: `/organisations/${organisation.id}`,
    icon: Building,
  }
  if (organisation.category === 'platform') {
    return [
      { label: 'Administration', to: '/admin', icon: ShieldCheck },
      { label: 'Produktdatenbank', to: '/admin/product-db', icon: Pill },
      // Any organisation's figures, for support (the analysis asks which one).
      { label: 'Analyse', to: '/analyse', icon: ChartColumn },
      organisationItem,
    ]
  }
  const isClub = organisation.category === 'club'
  return [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
    isClub
      ? { label: 'Mitglieder', to: '/customers', icon: Contact }
      : { label: 'Kunden', to: '/customers', icon: Users },
    { label: 'Produkte', to: '/products', icon: Package },
    { label: 'Archivierte Produkte', to: '/archive/products', icon: Archive },
    { label: 'Bestand', to: '/inventory', icon: Boxes },
    { label: 'Abfüllprotokoll', to: '/organisations/filling-protocol', icon: ClipboardList },
    // A club hands out here (issue 14); a pharmacy reads its dispensing records (§ 22 ApBetrO),
    // which completing an order writes. The access rules keep the traders out of both.
    ...(isClub
      ? [
          { label: 'Abgabe', to: '/abgabe', icon: HandHeart },
          { label: 'Neue Abgabe', to: '/abgabe/neu', icon: ListPlus },
        ]
      : [{ label: 'Abgaben', to: '/abgabe', icon: HandHeart }]),
    { label: 'Bestellungen', to: '/customer_orders', icon: ShoppingCart },
    { label: 'Einkauf', to: '/purchase_orders', icon: Truck },
    { label: 'Dokumente', to: '/documents', icon: FileText },
    { label: 'Buchhaltung', to: '/bookkeeping', icon: Calculator },
    // Bank statements matched to the orders' transfers (ADR 071); the access rules keep clubs out.
    { label: 'Kontoauszüge', to: '/payments/bank-statements', icon: Banknote },
    { label: 'Analyse', to: '/analyse', icon: ChartColumn },
    organisationItem,
  ]
}

/** Only the areas the user may open; the guards decide the same way when a link is followed. */
export function visibleNav(items: NavItem[], session: AccessSession): NavItem[] {
  return items.filter((item) => decideAccess(item.to, session, null).kind === 'allow')
}

/** Where the brand in the back-office leads: the first area of the menu. */
export const homeOf = (items: NavItem[]) => items[0]?.to ?? '/me'
