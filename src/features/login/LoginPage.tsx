import { useForm } from '@tanstack/react-form'
import { Link, useRouteContext, useRouter } from '@tanstack/react-router'
import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { safeRedirectTarget } from '~/lib/access-rules'
import { unreachableMessage } from '~/lib/api-client'
import { type AccountType, b2bLoginRequestSchema, b2cLoginRequestSchema } from '~/lib/auth-api'
import type { LoginFailure } from '~/lib/session-api'
import { FormAlert, SubmitButton, TextField } from '../forms/fields'
import { logIn } from '../session/session.functions'
import { isBusinessUser, sessionFrom } from '../session/session-store'
import { useLogout, useSession } from '../session/use-session'
import { BrandMark } from '../shell/parts'

const unreachable: LoginFailure = { ok: false, status: 500, message: unreachableMessage }

/** Logs in through the server function (which sets the refresh cookie) and opens the next page. */
function useLogin({
  accountType,
  redirectTarget,
  onLoggedIn,
}: LoginFormProps & { accountType: AccountType }) {
  const router = useRouter()
  const [failure, setFailure] = useState<LoginFailure | null>(null)
  const submit = async (credentials: Record<string, string>) => {
    setFailure(null)
    const data = { ...credentials, accountType } as Parameters<typeof logIn>[0]['data']
    // A failure without a status (network, server down) counts as a 500.
    const result = await logIn({ data }).catch(() => unreachable)
    if (!result.ok) {
      setFailure(result)
      return
    }
    onLoggedIn()
    router.options.context.session.setState(() => sessionFrom(result.session))
    const fallback = accountType === 'b2b' ? '/dashboard' : '/shop'
    await router.navigate({ href: safeRedirectTarget(redirectTarget) ?? fallback })
  }
  return { failure, submit }
}

interface LoginFormProps {
  redirectTarget?: string
  /** Called once the session is set, before the next page opens. */
  onLoggedIn: () => void
}

function BusinessLoginForm(props: LoginFormProps) {
  const { failure, submit } = useLogin({ ...props, accountType: 'b2b' })
  const form = useForm({
    defaultValues: { username: '', password: '' },
    validators: { onSubmit: b2bLoginRequestSchema },
    onSubmit: ({ value }) => submit(value),
  })
  return (
    <form
      noValidate
      method="post"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      {failure && <FormAlert>{failure.message}</FormAlert>}
      <form.Field name="username">
        {(field) => <TextField field={field} label="Benutzername" autoComplete="username" />}
      </form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField
            field={field}
            label="Passwort"
            type="password"
            autoComplete="current-password"
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(busy) => <SubmitButton busy={busy}>Anmelden</SubmitButton>}
      </form.Subscribe>
    </form>
  )
}

function ShopLoginForm(props: LoginFormProps) {
  const { failure, submit } = useLogin({ ...props, accountType: 'b2c' })
  const form = useForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: b2cLoginRequestSchema },
    onSubmit: ({ value }) => submit(value),
  })
  return (
    <form
      noValidate
      method="post"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      {failure && <FormAlert>{failure.message}</FormAlert>}
      <form.Field name="email">
        {(field) => (
          <TextField field={field} label="E-Mail-Adresse" type="email" autoComplete="email" />
        )}
      </form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField
            field={field}
            label="Passwort"
            type="password"
            autoComplete="current-password"
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(busy) => <SubmitButton busy={busy}>Anmelden</SubmitButton>}
      </form.Subscribe>
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

/** Business and shop login; on a shop's host the shop login comes first. */
export function LoginPage({ redirectTarget }: { redirectTarget?: string }) {
  const tenant = useRouteContext({ from: '__root__', select: (context) => context.tenant })
  const session = useSession()
  const shopName = tenant?.config?.shopName
  // After a login the form stays until the next page opens, instead of flashing "angemeldet als".
  const [loggingIn, setLoggingIn] = useState(false)
  const formProps: LoginFormProps = { redirectTarget, onLoggedIn: () => setLoggingIn(true) }
  const tabs = [
    {
      value: 'b2b',
      label: 'Geschäftskonto',
      content: <BusinessLoginForm {...formProps} />,
    },
    {
      value: 'b2c',
      label: 'Kundenkonto',
      content: tenant ? (
        <ShopLoginForm {...formProps} />
      ) : (
        <p className="text-ink-muted">
          Kundenkonten gehören zum Shop deiner Apotheke. Bitte melde dich auf der Adresse deines
          Shops an, zum Beispiel <span className="font-mono">deine-apotheke.blattwerk.de</span>.
        </p>
      ),
    },
  ]
  if (tenant) tabs.reverse()

  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-surface-muted px-4 py-12"
    >
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <BrandMark />
        </div>
        <div className="rounded-card border border-border bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold text-ink">Anmelden</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {shopName ? `Willkommen bei ${shopName}.` : 'Willkommen bei Blattwerk.'}
          </p>
          <div className="mt-6">
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
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-ink-muted">
          <Link to="/legal-notice" className="hover:underline">
            Impressum
          </Link>
          {' · '}
          <Link to="/privacy-policy" className="hover:underline">
            Datenschutz
          </Link>
          {' · '}
          <Link to="/contact" className="hover:underline">
            Kontakt
          </Link>
        </p>
      </div>
    </main>
  )
}
