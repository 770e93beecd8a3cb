import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useHostOrganisation, useTenant } from '../shell/host'
import { ShopPasswordReset } from '../shop-accounts/ShopPasswordReset'
import { AuthFrame } from './AuthFrame'

const linkClass = 'font-medium text-brand-700 hover:underline'

/** Who resets the password of an account on this host's own side (shop customers, club members). */
function HostAccounts() {
  const config = useTenant()?.config
  const organisation = useHostOrganisation()
  if (config) return <ShopPasswordReset />
  if (organisation?.category === 'club') {
    return (
      <section aria-labelledby="member-accounts" className="space-y-2">
        <h2 id="member-accounts" className="font-semibold text-ink">
          Mitgliedskonto
        </h2>
        <p>
          Der Vorstand von {organisation.name} setzt dein Passwort zurück.{' '}
          <Link to="/contact" className={linkClass}>
            Nachricht an den Verein
          </Link>
        </p>
      </section>
    )
  }
  return (
    <section aria-labelledby="customer-accounts" className="space-y-2">
      <h2 id="customer-accounts" className="font-semibold text-ink">
        Kundenkonto
      </h2>
      <p>
        Dein Kundenkonto gehört zum Shop deiner Apotheke: Die Apotheke setzt dein Passwort zurück.
      </p>
    </section>
  )
}

/**
 * Until passwords can be reset by e-mail, the page says whom to ask — so the link on the login
 * never leads nowhere.
 */
export function ForgotPasswordPage() {
  const tenant = useTenant()
  const isMainDomain = tenant === null
  return (
    <AuthFrame
      title="Passwort vergessen?"
      intro={
        tenant?.config
          ? 'Kundinnen und Kunden setzen ihr Passwort per E-Mail zurück.'
          : 'Ein neues Passwort bekommst du von denen, die deinen Zugang verwalten.'
      }
    >
      <div className="space-y-6 text-ink-muted">
        <HostAccounts />
        <section aria-labelledby="business-accounts" className="space-y-2">
          <h2 id="business-accounts" className="font-semibold text-ink">
            Geschäftskonto
          </h2>
          <p>
            Die Inhaberin oder der Inhaber deiner Organisation setzt dein Passwort zurück. Als
            Inhaberin oder Inhaber wendest du dich an den Betrieb der Plattform Blattwerk
            {isMainDomain ? (
              <>
                {' '}
                über das{' '}
                <Link to="/contact" className={linkClass}>
                  Kontaktformular
                </Link>
                .
              </>
            ) : (
              '.'
            )}
          </p>
        </section>
        <Link to="/login" className={`inline-flex items-center gap-2 ${linkClass}`}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zurück zur Anmeldung
        </Link>
      </div>
    </AuthFrame>
  )
}
