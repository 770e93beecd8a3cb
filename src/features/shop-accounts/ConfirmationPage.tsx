import { Link, useRouter } from '@tanstack/react-router'
import { safeRedirectTarget } from '~/lib/access-rules'
import type { AccountTokenPurpose } from '~/lib/shop-accounts'
import { FieldView, FormAlert, SubmitButtonView } from '../forms/field-parts'
import { AuthFrame } from '../login/AuthFrame'
import { resetMemberPasswordFn } from '../login/member-password.functions'
import { sessionFrom } from '../session/session-store'
import { CircleCheckIcon } from '../ui/page-icons'
import { toast } from '../ui/toast'
import { entry, usePlainForm } from './PlainForm'
import {
  confirmEmailChangeFn,
  confirmRegistrationFn,
  resetPasswordFn,
} from './shop-accounts.functions'

const linkClass = 'font-medium text-brand-700 hover:underline'

function Done({ children }: { children: string }) {
  return (
    <div role="status" className="space-y-4">
      <p className="flex gap-2 text-ink">
        <CircleCheckIcon className="mt-1 size-5 shrink-0 text-brand-600" />
        {children}
      </p>
      <Link to="/login" className={linkClass}>
        Zur Anmeldung
      </Link>
    </div>
  )
}

/**
 * Confirming takes a click, not just opening the link: mail scanners that open links ahead of
 * the reader must not use up the token. In the browser that registered, confirming logs in and
 * returns to where the person was (ADR 077); anywhere else they log in with their password.
 */
function ConfirmRegistration({ token }: { token: string }) {
  const router = useRouter()
  const form = usePlainForm(async () => {
    const confirmed = await confirmRegistrationFn({ data: { token } })
    if (confirmed.session) {
      const { session } = confirmed
      router.options.context.session.setState(() => sessionFrom(session))
      toast.success('Ihre E-Mail-Adresse ist bestätigt. Sie sind angemeldet.')
      await router.navigate({ href: safeRedirectTarget(confirmed.continueAt) ?? '/shop' })
    }
    return confirmed
  })
  if (form.result)
    return <Done>Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.</Done>
  return (
    <form method="post" className="space-y-4" onSubmit={form.onSubmit}>
      {form.failure && <FormAlert>{form.failure.message}</FormAlert>}
      <p className="text-ink">Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört.</p>
      <SubmitButtonView busy={form.busy}>E-Mail-Adresse bestätigen</SubmitButtonView>
    </form>
  )
}

/** Like the registration: a click confirms, so a mail scanner opening the link changes nothing. */
function ConfirmEmailChange({ token }: { token: string }) {
  const form = usePlainForm(() => confirmEmailChangeFn({ data: { token } }))
  if (form.result) {
    return (
      <Done>{`Ihre neue E-Mail-Adresse ${form.result.email} ist bestätigt. Bitte melden Sie sich künftig damit an.`}</Done>
    )
  }
  return (
    <form method="post" className="space-y-4" onSubmit={form.onSubmit}>
      {form.failure && <FormAlert>{form.failure.message}</FormAlert>}
      <p className="text-ink">
        Bitte bestätigen Sie, dass Ihr Kundenkonto künftig diese E-Mail-Adresse verwendet.
      </p>
      <SubmitButtonView busy={form.busy}>Neue E-Mail-Adresse bestätigen</SubmitButtonView>
    </form>
  )
}

/** Which kind of account a link belongs to: a shop customer's, or a business user's. */
export type LinkAccount = 'shop' | 'business'

const resetFunctions = { shop: resetPasswordFn, business: resetMemberPasswordFn }

function ResetPassword({ token, account }: { token: string; account: LinkAccount }) {
  const form = usePlainForm(async (entries) => {
    await resetFunctions[account]({
      data: { token, password: entry(entries, 'password'), repeat: entry(entries, 'repeat') },
    })
    return { done: true }
  })
  if (form.result) {
    return <Done>Ihr Passwort ist geändert. Bitte melden Sie sich mit dem neuen Passwort an.</Done>
  }
  return (
    <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
      {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
      <FieldView
        id="reset-password"
        label="Neues Passwort"
        hint="Mindestens 12 Zeichen. Danach sind Sie überall abgemeldet."
        error={form.fieldError('password')}
        render={(control) => (
          <input {...control} name="password" type="password" autoComplete="new-password" />
        )}
      />
      <FieldView
        id="reset-repeat"
        label="Neues Passwort wiederholen"
        error={form.fieldError('repeat')}
        render={(control) => (
          <input {...control} name="repeat" type="password" autoComplete="new-password" />
        )}
      />
      <SubmitButtonView busy={form.busy}>Passwort speichern</SubmitButtonView>
    </form>
  )
}

const titles: Record<AccountTokenPurpose, string> = {
  confirm_registration: 'E-Mail-Adresse bestätigen',
  reset_password: 'Neues Passwort festlegen',
  confirm_email_change: 'Neue E-Mail-Adresse bestätigen',
}

/** Where the links of the account mails lead: the step the link is for, or why it cannot be used. */
export function ConfirmationPage({
  token,
  account,
  purpose,
  problem,
}: {
  token: string
  account: LinkAccount
  purpose: AccountTokenPurpose
  problem: string | null
}) {
  return (
    <AuthFrame
      title={problem ? 'Link nicht gültig' : titles[purpose]}
      intro={account === 'business' ? 'Ihr Geschäftskonto' : 'Ihr Kundenkonto'}
    >
      {problem ? (
        <div className="space-y-4">
          <FormAlert>{problem}</FormAlert>
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link to="/login" className={linkClass}>
              Zur Anmeldung
            </Link>
            <Link to="/login/forgot-password" className={linkClass}>
              Neuen Link zum Zurücksetzen anfordern
            </Link>
          </p>
        </div>
      ) : purpose === 'reset_password' ? (
        <ResetPassword token={token} account={account} />
      ) : purpose === 'confirm_email_change' ? (
        <ConfirmEmailChange token={token} />
      ) : (
        <ConfirmRegistration token={token} />
      )}
    </AuthFrame>
  )
}
