import { Link } from '@tanstack/react-router'
import type { CSSProperties, ReactNode } from 'react'
import { mailOrderPermitText, type ShopPageConfig, showsMailOrderMarks } from '~/lib/shop'
import { useLogout, useSession } from '../session/use-session'
import { useCartLines } from '../shop/cart/cart-count'
import { MenuDrawer } from '../ui/MenuDrawer'
import { NavigationProgress } from '../ui/NavigationProgress'
import { FrameContent } from './frame-context'
import {
  ClockIcon,
  LogOutIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ShoppingBasketIcon,
  UserRoundIcon,
} from './icons'
import { LegalLinks } from './LegalLinks'
import { SkipLink } from './SkipLink'

const shopNav = [
  { label: 'Blüten', to: '/blueten' },
  { label: 'Extrakte', to: '/extrakte' },
  { label: 'Rezeptkonfigurator', to: '/rezeptkonfigurator' },
] as const

/** The tenant's colours as the CSS variables the `tenant-*` design tokens read. */
function tenantColours(config: ShopPageConfig): CSSProperties {
  return {
    '--tenant-primary': config.colors.primary,
    '--tenant-primary-foreground': config.colors.primaryForeground,
    '--tenant-accent': config.colors.accent,
  } as CSSProperties
}

/** `tel:` wants the digits only. */
const phoneHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

function ShopNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1 md:flex-row">
      {shopNav.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            onClick={onNavigate}
            className="block rounded-lg px-3 py-2 text-sm font-medium hover:ring-1 hover:ring-current"
            // Active and hovered are marked by lines, not a lighter background: white over the
            // tenant's colour would fall below 4.5:1 against the link text (axe on the catalogue
            // pages, also under the pointer that just clicked the link).
            activeProps={{
              className: 'underline decoration-2 underline-offset-8',
              'aria-current': 'page',
            }}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** Below md the assortment opens from a menu button, so the header stays one row on a phone. */
function MobileShopNav() {
  return (
    <MenuDrawer
      title="Sortiment"
      description="Bereiche des Shops"
      openLabel="Sortiment öffnen"
      closeLabel="Sortiment schließen"
      triggerClassName="-ml-2 shrink-0 rounded-lg p-2 hover:ring-1 hover:ring-current md:hidden"
      contentClassName="bg-tenant-primary p-4 pt-14 text-tenant-primary-foreground"
      closeClassName="hover:ring-1 hover:ring-current"
    >
      {(close) => (
        <nav aria-label="Sortiment">
          <ShopNavLinks onNavigate={close} />
        </nav>
      )}
    </MenuDrawer>
  )
}

/** The cart with its number of lines (products), rendered on the server with the page. */
function CartLink({ className, labelClassName }: { className: string; labelClassName: string }) {
  const lines = useCartLines()
  return (
    <Link to="/warenkorb" className={className}>
      <ShoppingBasketIcon className="size-4" />
      <span className={labelClassName}>Warenkorb</span>
      {lines !== null && lines > 0 && (
        <span
          data-cart-count={lines}
          className="min-w-5 rounded-full bg-white px-1.5 text-center text-xs font-semibold text-ink"
        >
          {lines}
          <span className="sr-only">{lines === 1 ? ' Produkt' : ' Produkte'}</span>
        </span>
      )}
    </Link>
  )
}

function ShopHeader({ config }: { config: ShopPageConfig }) {
  const session = useSession()
  const logout = useLogout()
  const customer = session.accountType === 'b2c' ? session.user : null
  const actionClass =
    'flex shrink-0 items-center gap-2 rounded-lg p-2 text-sm font-medium hover:ring-1 hover:ring-current sm:px-3'
  // Below sm the actions show their icons; the label stays for screen readers.
  const actionLabel = 'sr-only sm:not-sr-only'
  return (
    <header className="bg-tenant-primary text-tenant-primary-foreground">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:px-page md:gap-6">
        <MobileShopNav />
        <Link
          to="/shop"
          className="flex min-w-0 items-center gap-3 text-lg font-semibold"
          title={config.shopName}
        >
          {config.logoUrl && (
            <img
              src={config.logoUrl}
              alt=""
              className="size-9 shrink-0 rounded-md bg-white object-contain"
            />
          )}
          <span className="truncate">{config.shopName}</span>
        </Link>
        <nav aria-label="Sortiment" className="hidden md:block">
          <ShopNavLinks />
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <Link to={customer ? '/account' : '/login'} className={actionClass}>
            <UserRoundIcon className="size-4" />
            <span className={actionLabel}>{customer ? 'Mein Konto' : 'Anmelden'}</span>
          </Link>
          {customer && (
            <button type="button" onClick={() => void logout()} className={actionClass}>
              <LogOutIcon className="size-4" />
              <span className={actionLabel}>Abmelden</span>
            </button>
          )}
          <CartLink className={actionClass} labelClassName={actionLabel} />
        </div>
      </div>
    </header>
  )
}

/** The shop's address and ways to reach it: in the footer and beside the contact form. */
export function ShopAddress({ config }: { config: ShopPageConfig }) {
  const { contact } = config
  return (
    <address className="space-y-2 not-italic">
      <p className="font-semibold text-ink">{config.shopName}</p>
      <p className="flex items-center gap-2">
        <MapPinIcon className="size-4 shrink-0" />
        {contact.street}, {contact.postalCode} {contact.city}
      </p>
      <p className="flex items-center gap-2">
        <PhoneIcon className="size-4 shrink-0" />
        <a href={phoneHref(contact.phone)} className="hover:underline">
          {contact.phone}
        </a>
      </p>
      <p className="flex items-center gap-2">
        <MailIcon className="size-4 shrink-0" />
        <a href={`mailto:${contact.email}`} className="hover:underline">
          {contact.email}
        </a>
      </p>
      <p className="flex items-center gap-2">
        <ClockIcon className="size-4 shrink-0" />
        {contact.openingHours}
      </p>
    </address>
  )
}

/**
 * A shipping shop's mail-order marks on every page (Reg. (EU) 699/2014, § 67 Abs. 8 AMG): the EU
 * common logo as the register issued it, linking to the pharmacy's entry, and the permit.
 */
function MailOrderMarks({ mailOrder }: { mailOrder: ShopPageConfig['mailOrder'] }) {
  return (
    <div className="flex items-center gap-4 md:col-span-2">
      <a href={mailOrder.registerUrl} rel="noopener" className="shrink-0">
        <img
          src={mailOrder.logoUrl ?? ''}
          alt="EU-Sicherheitslogo: Eintrag dieser Apotheke im Versandhandelsregister prüfen"
          width={96}
          height={80}
          // In the footer: fetched when it nears the screen, not with the page's first paint.
          loading="lazy"
          className="h-20 w-auto"
        />
      </a>
      <p>{mailOrderPermitText(mailOrder)}.</p>
    </div>
  )
}

function ShopFooter({ config }: { config: ShopPageConfig }) {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-6 px-page py-8 text-sm text-ink-muted md:grid-cols-2">
        <ShopAddress config={config} />
        <LegalLinks
          className="md:justify-self-end"
          shopTexts={{
            terms: config.hasTerms,
            withdrawal: config.hasWithdrawalInformation,
          }}
        />
        {showsMailOrderMarks(config) && <MailOrderMarks mailOrder={config.mailOrder} />}
      </div>
    </footer>
  )
}

/** The tenant's branded shop frame: name, logo, colours and contact come from the tenant config. */
export function ShopFrame({ config, children }: { config: ShopPageConfig; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-surface" style={tenantColours(config)}>
      <SkipLink />
      <NavigationProgress barClassName="bg-tenant-accent" />
      <ShopHeader config={config} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-page py-8">
        <FrameContent>{children}</FrameContent>
      </main>
      <ShopFooter config={config} />
    </div>
  )
}
