import { Link } from '@tanstack/react-router'
import { FieldView, FormAlert, SubmitButtonView } from '../forms/field-parts'
import { AuthFrame } from '../login/AuthFrame'
import { useTenant } from '../shell/host'
import { CircleCheckIcon } from '../ui/page-icons'
import { entry, usePlainForm } from './PlainForm'
import { registerFn } from './shop-accounts.functions'

const linkClass = 'font-medium text-brand-700 hover:underline'

/**
 * "Konto erstellen" of a pharmacy's shop: the account waits for the link in its confirmation mail;
 * opened in this browser, the link logs in and returns to `redirectTarget` (ADR 077).
 */
export function RegisterPage({ redirectTarget }: { redirectTarget?: string }) {
  const shopName = useTenant()?.config?.shopName ?? 'dem Shop'
  const form = usePlainForm((entries) =>
    registerFn({
      data: {
        name: entry(entries, 'name'),
        email: entry(entries, 'email'),
        password: entry(entries, 'password'),
        birthDate: entry(entries, 'birthDate'),
        phone: entry(entries, 'phone'),
        privacyConsent: entries.get('privacyConsent') === 'on',
        redirect: redirectTarget,
      },
    }),
  )
  return (
    <AuthFrame title="Konto erstellen" intro={`Ihr Kundenkonto bei ${shopName}.`}>
      {form.result ? (
        <div role="status" className="space-y-4">
          <p className="flex gap-2 text-ink">
            <CircleCheckIcon className="mt-1 size-5 shrink-0 text-brand-600" />
            {form.result.message}
          </p>
          <Link
            to="/login"
            search={redirectTarget ? { redirect: redirectTarget } : {}}
            className={linkClass}
          >
            Zur Anmeldung
          </Link>
        </div>
      ) : (
        <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
          {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
          <FieldView
            id="register-name"
            label="Vor- und Nachname"
            error={form.fieldError('name')}
            render={(control) => <input {...control} name="name" autoComplete="name" />}
          />
          <FieldView
            id="register-email"
            label="E-Mail-Adresse"
            error={form.fieldError('email')}
            render={(control) => (
              <input {...control} name="email" type="email" autoComplete="email" />
            )}
          />
          <FieldView
            id="register-password"
            label="Passwort"
            hint="Mindestens 12 Zeichen."
            error={form.fieldError('password')}
            render={(control) => (
              <input {...control} name="password" type="password" autoComplete="new-password" />
            )}
          />
          <FieldView
            id="register-birth-date"
            label="Geburtsdatum"
            hint="Ein Kundenkonto können Sie ab 18 Jahren anlegen."
            error={form.fieldError('birthDate')}
            render={(control) => (
              <input {...control} name="birthDate" type="date" autoComplete="bday" />
            )}
          />
          <FieldView
            id="register-phone"
            label="Telefon (freiwillig)"
            hint="Für Rückfragen zu Ihren Bestellungen."
            error={form.fieldError('phone')}
            render={(control) => <input {...control} name="phone" type="tel" autoComplete="tel" />}
          />
          <div>
            <label className="flex items-start gap-3 text-sm text-ink">
              <input
                type="checkbox"
                name="privacyConsent"
                className="mt-1 size-4"
                aria-invalid={form.fieldError('privacyConsent') ? true : undefined}
                aria-describedby={
                  form.fieldError('privacyConsent') ? 'register-consent-error' : undefined
                }
              />
              <span>
                Ich habe die{' '}
                <Link to="/privacy-policy" target="_blank" className={linkClass}>
                  Datenschutzerklärung
                </Link>{' '}
                gelesen und bin mit der Verarbeitung meiner Daten für mein Kundenkonto
                einverstanden.
              </span>
            </label>
            {form.fieldError('privacyConsent') && (
              <p id="register-consent-error" className="mt-1 text-sm text-danger">
                {form.fieldError('privacyConsent')}
              </p>
            )}
          </div>
          <SubmitButtonView busy={form.busy}>Konto erstellen</SubmitButtonView>
          <p className="text-sm text-ink-muted">
            Sie haben schon ein Konto?{' '}
            <Link to="/login" className={linkClass}>
              Anmelden
            </Link>
          </p>
        </form>
      )}
    </AuthFrame>
  )
}
