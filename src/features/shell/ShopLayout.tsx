import { Link, Outlet, useRouteContext } from '@tanstack/react-router'
import { Clock, LogOut, Mail, MapPin, Phone, ShoppingBasket, UserRound } from 'lucide-react'
import type { CSSProperties } from 'react'
import type { TenantConfig } from '~/lib/tenant-config'
import { useLogout, useSession } from '../session/use-session'
import { NavigationProgress } from '../ui/NavigationProgress'
import { LegalLinks, SkipLink } from './parts'

const shopNav = [
  { label: 'Blüten', to: '/blueten' },
  { label: 'Extrakte', to: '/extrakte' },
  { label: 'Rezeptkonfigurator', to: '/rezeptkonfigurator' },
] as const

/** The tenant's colours as the CSS variables the `tenant-*` design tokens read. */
function tenantColours(config: TenantConfig | null): CSSProperties | undefined {
  if (!config) return undefined
  return {
    '--tenant-primary': config.colors.primary,
    '--tenant-primary-foreground': config.colors.primaryForeground,
    '--tenant-accent': config.colors.accent,
  } as CSSProperties
}

function ShopHeader({ config }: { config: TenantConfig | null }) {
  const session = useSession()
  const logout = useLogout()
  const customer = session.accountType === 'b2c' ? session.user : null
  const shopName = config?.shopName ?? 'Online-Shop'
  const actionClass =
    'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium hover:bg-white/15'
  return (
    <header className="bg-tenant-primary text-tenant-primary-foreground">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-page py-3">
        <Link to="/shop" className="flex items-center gap-3 text-lg font-semibold">
          {config?.logoUrl && (
            <img
              src={config.logoUrl}
              alt=""
              className="size-9 rounded-md bg-white object-contain"
            />
          )}
          {shopName}
        </Link>
        {config && (
          <nav aria-label="Sortiment" className="order-last w-full md:order-none md:w-auto">
            <ul className="flex flex-wrap gap-1">
              {shopNav.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-white/15"
                    activeProps={{ className: 'bg-white/20', 'aria-current': 'page' }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1">
          <Link to={customer ? '/account' : '/login'} className={actionClass}>
            <UserRound className="size-4" aria-hidden="true" />
            {customer ? 'Mein Konto' : 'Anmelden'}
          </Link>
          {customer && (
            <button type="button" onClick={() => void logout()} className={actionClass}>
              <LogOut className="size-4" aria-hidden="true" />
              Abmelden
            </button>
          )}
          <Link to="/checkout" className={actionClass}>
            <ShoppingBasket className="size-4" aria-hidden="true" />
            Warenkorb
          </Link>
        </div>
      </div>
    </header>
  )
}

function ShopFooter({ config }: { config: TenantConfig | null }) {
  const contact = config?.contact
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-6 px-page py-8 text-sm text-ink-muted md:grid-cols-2">
        {contact && config ? (
          <address className="space-y-2 not-italic">
            <p className="font-semibold text-ink">{config.shopName}</p>
            <p className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden="true" />
              {contact.street}, {contact.postalCode} {contact.city}
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden="true" />
              <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className="hover:underline">
                {contact.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden="true" />
              <a href={`mailto:${contact.email}`} className="hover:underline">
                {contact.email}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Clock className="size-4" aria-hidden="true" />
              {contact.openingHours}
            </p>
          </address>
        ) : (
          <p>Ein Shop auf Blattwerk.</p>
        )}
        <LegalLinks className="md:justify-self-end" />
      </div>
    </footer>
  )
}

/** The tenant's branded shop frame: name, logo and colours come from the tenant config. */
export function ShopLayout() {
  const tenant = useRouteContext({ from: '__root__', select: (context) => context.tenant })
  const config = tenant?.config ?? null
  return (
    <div className="flex min-h-screen flex-col" style={tenantColours(config)}>
      <SkipLink />
      <NavigationProgress barClassName="bg-tenant-accent" />
      <ShopHeader config={config} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-page py-8">
        <Outlet />
      </main>
      <ShopFooter config={config} />
    </div>
  )
}
