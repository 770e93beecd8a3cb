import { useQuery } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { KeyRound } from 'lucide-react'
import type { B2bUser } from '~/lib/auth-api'
import { categoryLabels, roleLabels } from '~/lib/organisation-labels'
import { isBusinessUser } from '../session/session-store'
import { useSession } from '../session/use-session'
import { PageHeader } from '../ui/PageHeader'

/** The profile as `GET /api/users/me` answers it; the session's copy paints the first frame. */
function useProfile(initial: B2bUser | undefined) {
  const { api } = useRouter().options.context
  return useQuery({
    queryKey: ['users', 'me'],
    queryFn: () => api.request<{ data: B2bUser }>('/api/users/me').then((answer) => answer.data),
    initialData: initial,
    // The copy from the session may be older than the account: ask the API once on opening.
    initialDataUpdatedAt: 0,
  })
}

export function MePage() {
  const session = useSession()
  const profile = useProfile(isBusinessUser(session.user) ? session.user : undefined)
  const user = profile.data
  if (!user) return null
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Benutzername', user.username],
    ['E-Mail-Adresse', user.email],
    ['Rolle', roleLabels[user.role]],
    ['Organisation', user.organisation.name],
    ['Art der Organisation', categoryLabels[user.organisation.category]],
  ]
  return (
    <>
      <PageHeader
        title="Mein Konto"
        description="Deine Angaben, wie deine Organisation sie hinterlegt hat."
        actions={
          <Link
            to="/me/change-password"
            className="inline-flex items-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm font-medium text-ink hover:bg-surface-muted"
          >
            <KeyRound className="size-4" aria-hidden="true" />
            Passwort ändern
          </Link>
        }
      />
      <section
        aria-labelledby="profile-title"
        className="max-w-2xl rounded-card border border-border bg-surface p-6"
      >
        <h2 id="profile-title" className="text-lg font-semibold text-ink">
          Profil
        </h2>
        <dl className="mt-4 divide-y divide-border">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="text-ink sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
        {profile.isError && (
          <p role="status" className="mt-4 text-sm text-warning">
            Die Angaben konnten gerade nicht aktualisiert werden; angezeigt wird der Stand der
            Anmeldung.
          </p>
        )}
      </section>
    </>
  )
}
