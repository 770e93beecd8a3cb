import { Link, useRouter } from '@tanstack/react-router'
import { type FormEvent, lazy, Suspense, useState } from 'react'
import { safeRedirectTarget } from '~/lib/access-rules'
import type { AccountType } from '~/lib/auth-api'
import { type Failure, failureOf } from '~/lib/failure'
import type { LoginInput } from '~/lib/session-api'
import { FieldView, FormAlert, SubmitButtonView } from '../forms/field-parts'
import { logIn } from '../session/session.functions'
import { isBusinessUser, sessionFrom } from '../session/session-store'
import { useLogout, useSession } from '../session/use-session'
import { useHostOrganisation, useTenant } from '../shell/host'
import { Tabs } from '../ui/Tabs'
import { AuthFrame } from './AuthFrame'

/** What tells the two account types apart on the form: how the account is named. */
const identifierFields = {
  b2b: { name: 'username', label: 'Benutzername', type: 'text', autoComplete: 'username' },
  b2c: { name: 'email', label: 'E-Mail-Adresse', type: 'email', autoComplete: 'email' },
} as const

function loginInput(accountType: AccountType, identifier: string, password: string): LoginInput {
  return accountType === 'b2b'
    ? { accountType, username: identifier, password }
    : { accountType, email: identifier, password }
}

interface LoginFormProps {
  accountType: AccountType
  redirectTarget?: string
  /** Called once the session is set, before the next page opens. */
  onLoggedIn: () => void
}

/**
 * Logs in through the server function (which sets the refresh cookie) and opens the next page.
 * A plain form on purpose: the server function checks the input with the shared schema and
 * answers its field messages, so the page every visitor opens first carries no form or schema
 * library (ADR 013). Its inputs are uncontrolled, so text typed before hydration is kept.
 */
/** Sends the confirmation link again; loaded only when a login meets an unconfirmed address. */
const ResendConfirmation = lazy(() =>
  import('../shop-accounts/ResendConfirmation').then((module) => ({
    default: module.ResendConfirmation,
  })),
)

function LoginForm({ accountType, redirectTarget, onLoggedIn }: LoginFormProps) {
  const router = useRouter()
  const hasShop = useTenant()?.hasShop ?? false
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)
  const [typedEmail, setTypedEmail] = useState('')
  const identifier = identifierFields[accountType]
  const idPrefix = `login-${accountType}`

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const entered = new FormData(event.currentTarget)
    setTypedEmail(String(entered.get('identifier') ?? ''))
    const data = loginInput(
      accountType,
      String(entered.get('identifier') ?? ''),
      String(entered.get('password') ?? ''),
    )
    setBusy(true)
    setFailure(null)
    try {
      const session = await logIn({ data })
      onLoggedIn()
      router.options.context.session.setState(() => sessionFrom(session))
      const fallback = accountType === 'b2b' ? '/dashboard' : '/shop'
      await router.navigate({ href: safeRedirectTarget(redirectTarget) ?? fallback })
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  const fieldError = (name: string) => failure?.errors?.[name] ?? null
  // 403 at a shop login: the password was right, the address waits for its confirmation.
  const unconfirmedEmail = accountType === 'b2c' && failure?.status === 403 ? typedEmail : null
  return (
    <form noValidate method="post" className="space-y-4" onSubmit={submit}>
      {failure && !failure.errors && (
        <FormAlert>
          {failure.message}
          {unconfirmedEmail && (
            <Suspense fallback={null}>
              <ResendConfirmation email={unconfirmedEmail} />
            </Suspense>
          )}
        </FormAlert>
      )}
      <FieldView
        id={`${idPrefix}-identifier`}
        label={identifier.label}
        error={fieldError(identifier.name)}
        render={(control) => (
          <input
            {...control}
            name="identifier"
            type={identifier.type}
            autoComplete={identifier.autoComplete}
          />
        )}
      />
      <FieldView
        id={`${idPrefix}-password`}
        label="Passwort"
        error={fieldError('password')}
        render={(control) => (
          <input {...control} name="password" type="password" autoComplete="current-password" />
        )}
      />
      <SubmitButtonView busy={busy}>Anmelden</SubmitButtonView>
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to="/login/forgot-password" className="font-medium text-brand-700 hover:underline">
          Passwort vergessen?
        </Link>
        {accountType === 'b2c' && hasShop && (
          <Link
            to="/registrieren"
            search={redirectTarget ? { redirect: redirectTarget } : {}}
            className="font-medium text-brand-700 hover:underline"
          >
            Noch kein Konto? Konto erstellen
          </Link>
        )}
      </p>
    </form>
  )
}

function AlreadyLoggedIn({ name }: { name: string }) {
  const logout = useLogout()
  return (
    <div className="space-y-4">
      <p className="text-ink">
        Du bist angemeldet als <strong>{name}</strong>.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link
          to="/dashboard"
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Zum Dashboard
        </Link>
        <button
          type="button"
          onClick={() => void logout()}
          className="rounded-lg border border-border px-4 py-2 font-medium text-ink hover:bg-surface-muted"
        >
          Abmelden
        </button>
      </div>
    </div>
  )
}

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-ink-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm'

/** Business and shop login; on a shop's (or club's) host its own accounts come first. */
export function LoginPage({ redirectTarget }: { redirectTarget?: string }) {
  const tenant = useTenant()
  const organisation = useHostOrganisation()
  const session = useSession()
  const hostName = tenant?.config?.shopName ?? organisation?.name
  // After a login the form stays until the next page opens, instead of flashing "angemeldet als".
  const [loggingIn, setLoggingIn] = useState(false)
  const formProps = { redirectTarget, onLoggedIn: () => setLoggingIn(true) }
  const tabs = [
    {
      value: 'b2b',
      label: 'Geschäftskonto',
      content: <LoginForm accountType="b2b" {...formProps} />,
    },
    {
      value: 'b2c',
      // A club has members, not customers.
      label: organisation?.category === 'club' ? 'Mitgliedskonto' : 'Kundenkonto',
      content: tenant ? (
        <LoginForm accountType="b2c" {...formProps} />
      ) : (
        <p className="text-ink-muted">
          Kundenkonten gehören zum Shop Ihrer Apotheke. Bitte melden Sie sich auf der Adresse des
          Shops an, zum Beispiel <span className="font-mono">ihre-apotheke.blattwerk.de</span>.
        </p>
      ),
    },
  ]
  if (tenant) tabs.reverse()

  return (
    <AuthFrame
      title="Anmelden"
      intro={hostName ? `Willkommen bei ${hostName}.` : 'Willkommen bei Blattwerk.'}
    >
      {isBusinessUser(session.user) && !loggingIn ? (
        <AlreadyLoggedIn name={session.user.name} />
      ) : (
        <Tabs.Root defaultValue={tabs[0]?.value}>
          <Tabs.List
            aria-label="Kontoart"
            className="mb-6 flex gap-1 rounded-lg bg-surface-muted p-1"
          >
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value}>
              {tab.content}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </AuthFrame>
  )
}
