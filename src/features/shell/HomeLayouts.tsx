import { Link } from '@tanstack/react-router'
import { type ReactNode, Suspense } from 'react'
import { BrandMark } from './BrandMark'
import { FrameContent } from './frame-context'
import { type HostOrganisation, useHostOrganisation } from './host'
import { BuildingIcon, MapPinIcon } from './icons'
import { LegalLinks } from './LegalLinks'
import { SkipLink } from './SkipLink'

/** The address line of an organisation, as far as it is known. */
export function organisationAddress(organisation: HostOrganisation): string {
  const place = [organisation.postalCode, organisation.city].filter(Boolean).join(' ')
  return [organisation.street, place].filter(Boolean).join(', ')
}

/** The product's brand on the main domain; the organisation's name on its own host. */
function HostBrand() {
  const organisation = useHostOrganisation()
  if (!organisation) return <BrandMark />
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2 text-lg font-semibold text-brand-900"
      title={organisation.name}
    >
      <BuildingIcon className="size-6 shrink-0 text-brand-600" />
      <span className="truncate">{organisation.name}</span>
    </Link>
  )
}

/** Until an organisation host's name has arrived (only on a first 404 there), keep the row's height. */
const brandFallback = <span className="h-7 w-40" />

/** The header of the main domain and of organisation hosts: brand, contact and login. */
export function HomeHeader() {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-page">
        <Suspense fallback={brandFallback}>
          <HostBrand />
        </Suspense>
        <nav aria-label="Hauptnavigation" className="flex shrink-0 items-center gap-2">
          <Link
            to="/contact"
            className="rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-surface-muted"
          >
            Kontakt
          </Link>
          <Link
            to="/login"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Anmelden
          </Link>
        </nav>
      </div>
    </header>
  )
}

function FooterPublisher() {
  const organisation = useHostOrganisation()
  if (!organisation) return <p>© Blattwerk – Software für den Cannabis-Handel</p>
  return (
    <p className="flex items-center gap-2">
      <MapPinIcon className="size-4 shrink-0" />
      {[organisation.name, organisationAddress(organisation)].filter(Boolean).join(', ')}
    </p>
  )
}

export function HomeFooter() {
  return (
    <footer className="border-t border-border bg-surface-muted">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-page py-8 text-sm text-ink-muted">
        <Suspense fallback={null}>
          <FooterPublisher />
        </Suspense>
        <LegalLinks />
      </div>
    </footer>
  )
}

/** The frame of the main domain and of organisation hosts (contact, not-found, error pages). */
export function HomeFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <SkipLink />
      <HomeHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-page py-12">
        <FrameContent>{children}</FrameContent>
      </main>
      <HomeFooter />
    </div>
  )
}

/** A slim frame for legal texts, news and invitations. */
export function HomeLightFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <SkipLink />
      <header className="border-b border-border">
        <div className="mx-auto flex h-14 max-w-4xl items-center px-page">
          <Suspense fallback={brandFallback}>
            <HostBrand />
          </Suspense>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-page py-10">
        <FrameContent>{children}</FrameContent>
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto max-w-4xl px-page py-6 text-sm text-ink-muted">
          <LegalLinks />
        </div>
      </footer>
    </div>
  )
}
