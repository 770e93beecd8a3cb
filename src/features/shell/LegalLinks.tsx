import { Link } from '@tanstack/react-router'

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
        {shopTexts && (
          <li>
            <Link to="/vertrag-widerrufen" className="hover:underline">
              Vertrag widerrufen
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
