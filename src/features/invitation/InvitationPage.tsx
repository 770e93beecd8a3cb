import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { CircleCheck, MailOpen } from 'lucide-react'
import { formatDateTime } from '~/lib/format'
import {
  closedInvitationMessages,
  type InvitationView,
  memberRoleLabels,
  teamMessages,
} from '~/lib/organisation-team'
import { FieldView, FormAlert, SubmitButtonView } from '../forms/field-parts'
import { entry, usePlainForm } from '../shop-accounts/PlainForm'
import { acceptInvitationFn } from './invitation.functions'
import { invitationQuery } from './invitation.queries'

const route = getRouteApi('/_homeLight/invitation/$token')

/**
 * `/invitation/$token`: who invites, for which role, and the form that turns the invitation into a
 * back-office account. A link that no longer works says why and whom to ask for a new one.
 */
export function InvitationPage() {
  const { token } = route.useParams()
  const { data: lookup } = useSuspenseQuery(invitationQuery(token))
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <div className="flex items-center gap-3">
        <MailOpen className="size-7 text-brand-700" aria-hidden="true" />
        <h1 className="text-2xl font-semibold text-ink">
          {lookup.kind === 'found' ? `Einladung zu ${lookup.view.organisationName}` : 'Einladung'}
        </h1>
      </div>
      {lookup.kind === 'unknown' ? (
        <p role="alert" className="rounded-card border border-border bg-surface p-6 text-ink">
          {teamMessages.unknownToken}
        </p>
      ) : lookup.view.state === 'open' ? (
        <AcceptForm token={token} view={lookup.view} />
      ) : (
        <ClosedInvitation
          view={lookup.view}
          message={closedInvitationMessages[lookup.view.state]}
        />
      )}
    </div>
  )
}

function AcceptForm({ token, view }: { token: string; view: InvitationView }) {
  const form = usePlainForm((entries) =>
    acceptInvitationFn({
      data: {
        token,
        name: entry(entries, 'name'),
        username: entry(entries, 'username'),
        password: entry(entries, 'password'),
        repeat: entry(entries, 'repeat'),
      },
    }),
  )
  if (form.result) {
    return (
      <section
        aria-labelledby="invitation-done"
        className="space-y-4 rounded-card border border-border bg-surface p-6"
      >
        <h2 id="invitation-done" className="flex items-center gap-2 font-semibold text-ink">
          <CircleCheck className="size-5 text-success" aria-hidden="true" />
          Dein Zugang ist angelegt
        </h2>
        <p role="status">
          Du kannst dich jetzt mit dem Benutzernamen <strong>{form.result.username}</strong> und
          deinem Passwort anmelden.
        </p>
        <Link
          to="/login"
          className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Zur Anmeldung
        </Link>
      </section>
    )
  }
  const closed = form.failure?.status === 409 ? form.failure.message : null
  return (
    <section
      aria-labelledby="invitation-form"
      className="space-y-4 rounded-card border border-border bg-surface p-6"
    >
      <h2 id="invitation-form" className="sr-only">
        Zugang anlegen
      </h2>
      <p>
        {view.organisationName} lädt dich als <strong>{memberRoleLabels[view.role]}</strong> ein.
        Lege deinen Zugang für <strong>{view.email}</strong> an; die Einladung gilt bis{' '}
        {formatDateTime(view.expiresAt)} Uhr.
      </p>
      <form noValidate method="post" className="space-y-4" onSubmit={form.onSubmit}>
        {form.failure && !form.failure.errors && <FormAlert>{form.failure.message}</FormAlert>}
        {closed && <RequestNewInvitation view={view} />}
        <FieldView
          id="invitation-name"
          label="Vor- und Nachname"
          error={form.fieldError('name')}
          render={(control) => <input {...control} name="name" autoComplete="name" />}
        />
        <FieldView
          id="invitation-username"
          label="Benutzername"
          hint="Damit meldest du dich an: Buchstaben, Ziffern, Punkt, Binde- und Unterstrich."
          error={form.fieldError('username')}
          render={(control) => <input {...control} name="username" autoComplete="username" />}
        />
        <FieldView
          id="invitation-password"
          label="Passwort"
          hint="Mindestens 12 Zeichen."
          error={form.fieldError('password')}
          render={(control) => (
            <input {...control} name="password" type="password" autoComplete="new-password" />
          )}
        />
        <FieldView
          id="invitation-repeat"
          label="Passwort wiederholen"
          error={form.fieldError('repeat')}
          render={(control) => (
            <input {...control} name="repeat" type="password" autoComplete="new-password" />
          )}
        />
        <SubmitButtonView busy={form.busy}>Zugang anlegen</SubmitButtonView>
      </form>
    </section>
  )
}

function ClosedInvitation({ view, message }: { view: InvitationView; message: string }) {
  return (
    <section className="space-y-4 rounded-card border border-border bg-surface p-6">
      <p role="alert" className="text-ink">
        {message}
      </p>
      {view.state === 'accepted' ? (
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Zur Anmeldung
        </Link>
      ) : (
        <RequestNewInvitation view={view} />
      )}
    </section>
  )
}

/** Whom to ask for a new invitation: the organisation's address and phone from its letterhead. */
function RequestNewInvitation({ view }: { view: InvitationView }) {
  const { email, phone } = view.contact
  if (!email && !phone) {
    return <p>Bitte wende dich an die Person, die dich eingeladen hat.</p>
  }
  const subject = encodeURIComponent(`Neue Einladung für ${view.email}`)
  return (
    <p>
      Neue Einladung anfordern bei {view.organisationName}:{' '}
      {email && (
        <a
          href={`mailto:${email}?subject=${subject}`}
          className="font-medium text-brand-700 underline"
        >
          {email}
        </a>
      )}
      {email && phone && ' oder '}
      {phone && <span>Telefon {phone}</span>}
    </p>
  )
}
