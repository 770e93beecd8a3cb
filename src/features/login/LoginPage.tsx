import { useForm } from '@tanstack/react-form'
import { Link, useRouter } from '@tanstack/react-router'
import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { z } from 'zod'
import { safeRedirectTarget } from '~/lib/access-rules'
import { unreachableMessage } from '~/lib/api-client'
import { type AccountType, b2bLoginRequestSchema, b2cLoginRequestSchema } from '~/lib/auth-api'
import type { LoginFailure, LoginInput } from '~/lib/session-api'
import { FormAlert, FormFrame, SubmitButton, TextField } from '../forms/fields'
import { logIn } from '../session/session.functions'
import { isBusinessUser, sessionFrom } from '../session/session-store'
import { useLogout, useSession } from '../session/use-session'
import { useHostOrganisation, useTenant } from '../shell/host'
import { AuthFrame } from './AuthFrame'

const unreachable: LoginFailure = { ok: false, status: 500, message: unreachableMessage }

/** What tells the two account types apart on the form: how the account is named. */
const identifierFields = {
  b2b: {
    label: 'Benutzername',
    type: 'text',
    autoComplete: 'username',
    schema: b2bLoginRequestSchema.shape.username,
  },
  b2c: {
    label: 'E-Mail-Adresse',
    type: 'email',
    autoComplete: 'email',
    schema: b2cLoginRequestSchema.shape.email,
  },
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

/** Logs in through the server function (which sets the refresh cookie) and opens the next page. */
function LoginForm({ accountType, redirectTarget, onLoggedIn }: LoginFormProps) {
  const router = useRouter()
  const [failure, setFailure] = useState<LoginFailure | null>(null)
  const identifier = identifierFields[accountType]
  const form = useForm({
    defaultValues: { identifier: '', password: '' },
    validators: {
      onSubmit: z.object({
        identifier: identifier.schema,
        password: b2bLoginRequestSchema.shape.password,
      }),
    },
    onSubmit: async ({ value }) => {
      setFailure(null)
      const data = loginInput(accountType, value.identifier, value.password)
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
    },
  })
  return (
    <FormFrame form={form} className="space-y-4">
      {failure && <FormAlert>{failure.message}</FormAlert>}
      <form.Field name="identifier">
        {(field) => (
          <TextField
            field={field}
            label={identifier.label}
            type={identifier.type}
            autoComplete={identifier.autoComplete}
          />
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
      <SubmitButton form={form}>Anmelden</SubmitButton>
      <p className="text-sm">
        <Link to="/login/forgot-password" className="font-medium text-brand-700 hover:underline">
          Passwort vergessen?
        </Link>
      </p>
    </FormFrame>
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
          Kundenkonten gehören zum Shop deiner Apotheke. Bitte melde dich auf der Adresse deines
          Shops an, zum Beispiel <span className="font-mono">deine-apotheke.blattwerk.de</span>.
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
