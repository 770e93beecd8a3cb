import { Link, useLocation, useRouter } from '@tanstack/react-router'
import { FileQuestion, RotateCcw, ServerCrash, ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { forbiddenMessage } from '~/lib/access-rules'
import { isAccessDenied } from '../session/guard'
import { useServerRequestId } from './server-render'

function ErrorFrame({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode
  title: string
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-surface-muted px-page py-16"
    >
      <div className="w-full max-w-lg rounded-card border border-border bg-surface p-8 shadow-sm">
        <div className="text-brand-700" aria-hidden="true">
          {icon}
        </div>
        <h1 className="mt-4 text-2xl font-semibold text-ink">{title}</h1>
        <div className="mt-3 space-y-3 text-ink-muted">{children}</div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/"
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Zur Startseite
          </Link>
          {actions}
        </div>
      </div>
    </main>
  )
}

export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <ErrorFrame icon={<FileQuestion className="size-10" />} title="Page Not Found">
      <p className="font-mono text-sm text-ink">Page Not Found: {pathname}</p>
      <p>
        Diese Seite gibt es nicht. Vielleicht hat sich die Adresse geändert oder enthält einen
        Tippfehler.
      </p>
    </ErrorFrame>
  )
}

export function ForbiddenPage() {
  return (
    <ErrorFrame icon={<ShieldAlert className="size-10" />} title="Zugriff verweigert">
      <p className="text-ink">{forbiddenMessage}</p>
      <p>
        Wende dich an die Inhaberin oder den Inhaber deiner Organisation, wenn du Zugang brauchst.
      </p>
    </ErrorFrame>
  )
}

export function ServerErrorPage() {
  const router = useRouter()
  const requestId = useServerRequestId()
  return (
    <ErrorFrame
      icon={<ServerCrash className="size-10" />}
      title="Interner Serverfehler"
      actions={
        <button
          type="button"
          onClick={() => router.invalidate()}
          className="inline-flex items-center gap-2 rounded-lg border border-border px-4 py-2 font-medium text-ink hover:bg-surface-muted"
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          Erneut versuchen
        </button>
      }
    >
      <p>Leider ist ein unerwarteter Fehler aufgetreten. Bitte versuche es gleich noch einmal.</p>
      {requestId && (
        <p className="text-sm">
          Wenn der Fehler bleibt, nenne dem Support diese Fehler-ID:{' '}
          <span className="font-mono text-ink">{requestId}</span>
        </p>
      )}
    </ErrorFrame>
  )
}

/** The root error boundary: the 403 page for denied access, the 500 page for everything else. */
export function RootErrorPage({ error }: { error: unknown }) {
  return isAccessDenied(error) ? <ForbiddenPage /> : <ServerErrorPage />
}
