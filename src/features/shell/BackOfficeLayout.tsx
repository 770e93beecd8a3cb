import { Link, Outlet, useLocation } from '@tanstack/react-router'
import { ChevronDown, ExternalLink, KeyRound, LogOut, MonitorPlay, UserRound } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import type { B2bUser } from '~/lib/auth-api'
import { accessSessionOf, isBusinessUser } from '../session/session-store'
import { useLogout, useSession } from '../session/use-session'
import { MenuDrawer } from '../ui/MenuDrawer'
import { NavigationProgress } from '../ui/NavigationProgress'
import { BrandMark } from './BrandMark'
import { backOfficeNav, homeOf, type NavItem, visibleNav } from './back-office-nav'
import { ErrorContent, HostErrorPage } from './ErrorPages'
import { FrameContent } from './frame-context'
import { SkipLink } from './SkipLink'

const navLinkClass =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-ink-muted hover:bg-brand-50 hover:text-brand-900'

/**
 * The item whose area the path lies in: the longest `to` the path equals or lies below, so
 * `/admin/product-db/upload` marks "Produktdatenbank", not also "Administration" (`/admin`).
 */
function currentItem(items: NavItem[], pathname: string): string | undefined {
  return items
    .map((item) => item.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0]
}

function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const current = currentItem(items, useLocation({ select: (location) => location.pathname }))
  return (
    <ul className="space-y-1">
      {items.map(({ label, to, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            onClick={onNavigate}
            className={`${navLinkClass} ${to === current ? 'bg-brand-100 text-brand-900' : ''}`}
            aria-current={to === current ? 'page' : undefined}
            activeOptions={{ exact: true }}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The screen at the counter runs beside the back-office, so it opens in a window of its own. */
function LiveViewLink() {
  return (
    <Link to="/live" target="_blank" rel="noopener noreferrer" className={navLinkClass}>
      <MonitorPlay className="size-4" aria-hidden="true" />
      Live-Ansicht
      <ExternalLink className="ml-auto size-3.5" aria-hidden="true" />
      <span className="sr-only">(öffnet in neuem Fenster)</span>
    </Link>
  )
}

interface SidebarProps {
  items: NavItem[]
  /** The platform runs no counter; businesses get the live view. */
  withLiveView: boolean
  onNavigate?: () => void
}

function SidebarContent({ items, withLiveView, onNavigate }: SidebarProps) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <BrandMark to={homeOf(items)} />
      <nav aria-label="Bereiche" className="flex-1">
        <NavLinks items={items} onNavigate={onNavigate} />
      </nav>
      {withLiveView && <LiveViewLink />}
    </div>
  )
}

function MobileNav({ organisationName, ...sidebar }: SidebarProps & { organisationName: string }) {
  return (
    <MenuDrawer
      title="Navigation"
      description="Bereiche des Back-Office"
      openLabel="Navigation öffnen"
      closeLabel="Navigation schließen"
      triggerClassName="rounded-lg p-2 text-ink hover:bg-surface-muted lg:hidden"
      contentClassName="bg-surface"
      closeClassName="text-ink-muted hover:bg-surface-muted"
    >
      {(close) => (
        <>
          <p className="px-4 pt-4 pr-12 text-sm font-semibold text-ink">{organisationName}</p>
          <SidebarContent {...sidebar} onNavigate={close} />
        </>
      )}
    </MenuDrawer>
  )
}

function UserMenu({ name, username }: { name: string; username: string }) {
  const logout = useLogout()
  const itemClass =
    'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50'
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="flex shrink-0 items-center gap-2 rounded-lg px-2 py-2 text-sm font-medium text-ink hover:bg-surface-muted sm:px-3"
        >
          <UserRound className="size-4 shrink-0" aria-hidden="true" />
          {/* On a phone the organisation's name needs the row; the user's name stays announced. */}
          <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{name}</span>
          <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-border bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-ink-muted">
            Angemeldet als {username}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/me">
              <UserRound className="size-4" aria-hidden="true" />
              Mein Konto
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/me/change-password">
              <KeyRound className="size-4" aria-hidden="true" />
              Passwort ändern
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
            <LogOut className="size-4" aria-hidden="true" />
            Abmelden
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The back-office frame: area navigation, organisation and user menu around the page. */
function BackOfficeFrame({ user, children }: { user: B2bUser; children: ReactNode }) {
  const session = useSession()
  const { organisation } = user
  const items = visibleNav(backOfficeNav(organisation), accessSessionOf(session))
  const sidebar = { items, withLiveView: organisation.category !== 'platform' }
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[var(--spacing-sidebar)_1fr] print:block">
      <SkipLink />
      <NavigationProgress />
      {/* Printed pages (e.g. a DSGVO export) show the content only. */}
      <aside className="hidden border-r border-border bg-surface lg:block print:hidden">
        <div className="sticky top-0 h-screen overflow-y-auto">
          <SidebarContent {...sidebar} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-surface/95 px-4 backdrop-blur md:gap-3 md:px-page print:hidden">
          <MobileNav organisationName={organisation.name} {...sidebar} />
          <p
            className="min-w-0 flex-1 truncate text-sm font-semibold text-ink"
            title={organisation.name}
          >
            {organisation.name}
          </p>
          <UserMenu name={user.name} username={user.username} />
        </header>
        <main id="main" className="flex-1 px-4 py-6 md:px-page md:py-8">
          <FrameContent>{children}</FrameContent>
        </main>
      </div>
    </div>
  )
}

/** The current business user; null in the render after logout, before the login page opens. */
function useBusinessUser(): B2bUser | null {
  const { user } = useSession()
  return isBusinessUser(user) ? user : null
}

export function BackOfficeLayout() {
  const user = useBusinessUser()
  // The guard only lets business users in; this is the render after logout, before navigation.
  if (!user) return null
  return (
    <BackOfficeFrame user={user}>
      <Outlet />
    </BackOfficeFrame>
  )
}

/** A denied or failed back-office page keeps the navigation around it. */
export function BackOfficeErrorPage({ error }: { error: unknown }) {
  const user = useBusinessUser()
  // A shop customer denied a back-office page sees it in the host's frame instead.
  if (!user) return <HostErrorPage error={error} />
  return (
    <BackOfficeFrame user={user}>
      <ErrorContent error={error} voice="du" />
    </BackOfficeFrame>
  )
}
