import {
  Boxes,
  Building,
  ChartColumn,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Package,
  ShieldCheck,
  ShoppingCart,
  Truck,
  Users,
} from 'lucide-react'
import { type AccessSession, decideAccess } from '~/lib/access-rules'

export interface NavItem {
  label: string
  to: string
  icon: LucideIcon
}

/** The back-office areas in the order of a working day; the organisation links to its own page. */
export function backOfficeNav(organisationId: string): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
    { label: 'Kunden', to: '/customers', icon: Users },
    { label: 'Produkte', to: '/products', icon: Package },
    { label: 'Bestand', to: '/inventory', icon: Boxes },
    { label: 'Bestellungen', to: '/customer_orders', icon: ShoppingCart },
    { label: 'Einkauf', to: '/purchase_orders', icon: Truck },
    { label: 'Dokumente', to: '/documents', icon: FileText },
    { label: 'Analyse', to: '/analyse', icon: ChartColumn },
    { label: 'Organisation', to: `/organisations/${organisationId}`, icon: Building },
    { label: 'Admin', to: '/admin', icon: ShieldCheck },
  ]
}

/** Only the areas the user may open; the guards decide the same way when a link is followed. */
export function visibleNav(items: NavItem[], session: AccessSession): NavItem[] {
  return items.filter((item) => decideAccess(item.to, session, null).kind === 'allow')
}
