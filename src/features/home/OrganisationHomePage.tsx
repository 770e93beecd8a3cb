import { Link } from '@tanstack/react-router'
import { HomeFrame, organisationAddress } from '../shell/HomeLayouts'
import type { HostOrganisation } from '../shell/host'
import { MailIcon, MapPinIcon } from '../shell/icons'
import { KeyRoundIcon } from './home-icons'

const cardClass = 'rounded-card border border-border p-6'
const buttonClass =
  'mt-4 inline-flex rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700'

/**
 * The start page of a tenant host without a shop, such as a club's. A club may not advertise
 * (KCanG § 6) and hands out only in person to its members (§ 19), so the page names the club, how
 * to reach it and where members log in — nothing about products, prescriptions or delivery.
 */
export function OrganisationHomePage({ organisation }: { organisation: HostOrganisation }) {
  const address = organisationAddress(organisation)
  const isClub = organisation.category === 'club'
  return (
    <HomeFrame>
      <div className="flex items-center gap-4">
        {organisation.logoUrl && (
          <img
            src={organisation.logoUrl}
            alt=""
            className="size-16 shrink-0 rounded-lg border border-border bg-white object-contain p-1"
          />
        )}
        <h1 className="text-display font-semibold text-brand-900">{organisation.name}</h1>
      </div>
      {address && (
        <p className="mt-4 flex items-center gap-2 text-lg text-ink-muted">
          <MapPinIcon className="size-5 shrink-0" />
          {address}
        </p>
      )}
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="login-title" className={cardClass}>
          <KeyRoundIcon className="size-6 text-brand-600" />
          <h2 id="login-title" className="mt-3 text-lg font-semibold text-ink">
            {isClub ? 'Für Mitglieder' : 'Anmeldung'}
          </h2>
          <p className="mt-2 text-ink-muted">
            {isClub
              ? 'Mitglieder und Vorstand melden sich mit ihrem Zugang an.'
              : 'Mitarbeitende melden sich mit ihrem Zugang an.'}
          </p>
          <Link to="/login" className={buttonClass}>
            {isClub ? 'Zur Mitglieder-Anmeldung' : 'Zur Anmeldung'}
          </Link>
        </section>
        <section aria-labelledby="contact-title" className={cardClass}>
          <MailIcon className="size-6 text-brand-600" />
          <h2 id="contact-title" className="mt-3 text-lg font-semibold text-ink">
            Kontakt
          </h2>
          <p className="mt-2 text-ink-muted">
            Fragen an {organisation.name}? Schreib eine Nachricht über das Kontaktformular.
          </p>
          {(organisation.email || organisation.phone || organisation.openingHours) && (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-ink">
              {organisation.email && (
                <>
                  <dt className="text-ink-muted">E-Mail</dt>
                  <dd>
                    <a href={`mailto:${organisation.email}`} className="text-brand-700 underline">
                      {organisation.email}
                    </a>
                  </dd>
                </>
              )}
              {organisation.phone && (
                <>
                  <dt className="text-ink-muted">Telefon</dt>
                  <dd>{organisation.phone}</dd>
                </>
              )}
              {organisation.openingHours && (
                <>
                  <dt className="text-ink-muted">Öffnungszeiten</dt>
                  <dd className="whitespace-pre-line">{organisation.openingHours}</dd>
                </>
              )}
            </dl>
          )}
          <Link to="/contact" className={buttonClass}>
            Nachricht schreiben
          </Link>
        </section>
      </div>
    </HomeFrame>
  )
}
