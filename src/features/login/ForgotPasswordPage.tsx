import { Link } from '@tanstack/react-router'
import { FieldView, FormAlert, SubmitButtonView } from '../forms/field-parts'
import { useHostOrganisation, useTenant } from '../shell/host'
import { ArrowLeftIcon } from '../shell/icons'
import { entry, usePlainForm } from '../shop-accounts/PlainForm'
import { ShopPasswordReset } from '../shop-accounts/ShopPasswordReset'
import { AuthFrame } from './AuthFrame'
import { requestMemberResetFn } from './member-password.functions'

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
      <p>Ihr Kundenkonto gehört zum Shop Ihrer Apotheke: Die Apotheke setzt Ihr Passwort zurück.</p>
    </section>
  )
}

/** A business user asks for a reset link by username or address; the answer never tells which exist. */
function BusinessPasswordReset() {
  const form = usePlainForm((entries) =>
    requestMemberResetFn({ data: { identifier: entry(entries, 'identifier') } }),
  )
  return (
    <section aria-labelledby="business-accounts" className="space-y-3">
      <h2 id="business-accounts" className="font-semibold text-ink">
        Geschäftskonto
      </h2>
      {form.result ? (
        <p role="status" className="text-ink">
          {form.result.message}
        </p>
      ) : (
        <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
          <p>Wir schicken dir einen Link an die E-Mail-Adresse deines Zugangs.</p>
          {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
          <FieldView
            id="member-reset-identifier"
            label="Benutzername oder E-Mail-Adresse"
            error={form.fieldError('identifier')}
            render={(control) => <input {...control} name="identifier" autoComplete="username" />}
          />
          <SubmitButtonView busy={form.busy}>
            Link für das Geschäftskonto anfordern
          </SubmitButtonView>
        </form>
      )}
    </section>
  )
}

/** Shop customers and business users each reset by mail; club members ask their club. */
export function ForgotPasswordPage() {
  return (
    <AuthFrame title="Passwort vergessen?" intro="Ein Link per E-Mail führt zum neuen Passwort.">
      <div className="space-y-6 text-ink-muted">
        <HostAccounts />
        <BusinessPasswordReset />
        <Link to="/login" className={`inline-flex items-center gap-2 ${linkClass}`}>
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Zurück zur Anmeldung
        </Link>
      </div>
    </AuthFrame>
  )
}
