import { Link } from '@tanstack/react-router'
import { SproutIcon } from './icons'

/** Lets keyboard users jump past the navigation; every layout renders a `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-medium text-brand-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Zum Inhalt springen
    </a>
  )
}

export function BrandMark({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-semibold text-brand-900">
      <SproutIcon className="size-6 text-brand-600" />
      Blattwerk
    </Link>
  )
}

/** A shop's own texts besides Impressum and Datenschutz, linked where the shop has them. */
export interface ShopLegalTexts {
  terms: boolean
  withdrawal: boolean
}

export function LegalLinks({
  className = '',
  shopTexts,
}: {
  className?: string
  shopTexts?: ShopLegalTexts
}) {
  return (
    <nav aria-label="Rechtliches" className={className}>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/legal-notice" className="hover:underline">
            Impressum
          </Link>
        </li>
        <li>
          <Link to="/privacy-policy" className="hover:underline">
            Datenschutz
          </Link>
        </li>
        {shopTexts?.terms && (
          <li>
            <Link to="/agb" className="hover:underline">
              AGB
            </Link>
          </li>
        )}
        {shopTexts?.withdrawal && (
          <li>
            <Link to="/widerruf" className="hover:underline">
              Widerrufsbelehrung
            </Link>
          </li>
        )}
        <li>
          <Link to="/contact" className="hover:underline">
            Kontakt
          </Link>
        </li>
      </ul>
    </nav>
  )
}
