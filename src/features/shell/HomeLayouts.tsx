import { Link, Outlet } from '@tanstack/react-router'
import { BrandMark, LegalLinks, SkipLink } from './parts'

/** The product's header: brand, contact and login; also on the landing page. */
export function HomeHeader() {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-page">
        <BrandMark />
        <nav aria-label="Hauptnavigation" className="flex items-center gap-2">
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

export function HomeFooter() {
  return (
    <footer className="border-t border-border bg-surface-muted">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-page py-8 text-sm text-ink-muted">
        <p>© Blattwerk – Software für den Cannabis-Handel</p>
        <LegalLinks />
      </div>
    </footer>
  )
}

/** The product's marketing frame. */
export function HomeLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <SkipLink />
      <HomeHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <HomeFooter />
    </div>
  )
}

/** A slim frame for legal texts, news and invitations. */
export function HomeLightLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <SkipLink />
      <header className="border-b border-border">
        <div className="mx-auto flex h-14 max-w-4xl items-center px-page">
          <BrandMark />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-page py-10">
        <Outlet />
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto max-w-4xl px-page py-6 text-sm text-ink-muted">
          <LegalLinks />
        </div>
      </footer>
    </div>
  )
}
