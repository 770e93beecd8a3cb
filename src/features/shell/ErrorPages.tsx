import { Link, useLocation, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { forbiddenMessage, shopForbiddenMessage } from '~/lib/access-rules'
import { isAccessDenied } from '../session/guard'
import { useInsideFrame } from './frame-context'
import { HostFrame } from './HostFrame'
import { useStartPath, useTenant } from './host'
import { ArrowLeftIcon, shellIcon } from './icons'
import { useServerRequestId } from './server-render'

// Drawn here, not in icons.tsx: only these pages, loaded when shown, need them.
const FileQuestionIcon = shellIcon(
  <path d="M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2zm3-12.5a3 2.5 0 0 1 6 0c0 2-2 2-3 3.5m0 4h.01" />,
)

const RotateCcwIcon = shellIcon(
  <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8m0-5v5h5" />,
)

const ServerCrashIcon = shellIcon(
  <path d="M6 10H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2M6 14H4a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-4a2 2 0 0 0-2-2h-2M6 6h.01M6 18h.01M13 6l-4 6h6l-4 6" />,
)

const ShieldAlertIcon = shellIcon(
  <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1zm-8-5v4m0 4h.01" />,
)

const secondaryButton =
  'inline-flex items-center gap-2 rounded-lg border border-border px-4 py-2 font-medium text-ink hover:bg-surface-muted'

/** The card of an error page; the layout around it is the one of the area or host. */
function ErrorCard({
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
  const startPath = useStartPath()
  return (
    <div className="mx-auto my-8 w-full max-w-lg rounded-card border border-border bg-surface p-8 shadow-sm">
      <div className="text-brand-700" aria-hidden="true">
        {icon}
      </div>
      <h1 className="mt-4 text-2xl font-semibold text-ink">{title}</h1>
      <div className="mt-3 space-y-3 text-ink-muted">{children}</div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to={startPath}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Zur Startseite
        </Link>
        {actions}
      </div>
    </div>
  )
}

function NotFoundContent() {
  const { pathname } = useLocation()
  const router = useRouter()
  return (
    <ErrorCard
      icon={<FileQuestionIcon className="size-10" />}
      title="Seite nicht gefunden"
      actions={
        <button type="button" onClick={() => router.history.back()} className={secondaryButton}>
          <ArrowLeftIcon className="size-4" />
          Zurück
        </button>
      }
    >
      <p className="font-mono text-sm break-all text-ink">Page Not Found: {pathname}</p>
      <p>
        Diese Seite gibt es nicht. Vielleicht hat sich die Adresse geändert oder enthält einen
        Tippfehler.
      </p>
    </ErrorCard>
  )
}

/**
 * Who an error page addresses (docs/style.md): the back office's users "du", the shop's and home
 * pages' visitors "Sie".
 */
type Voice = 'du' | 'Sie'

function ForbiddenContent({ voice }: { voice: Voice }) {
  return (
    <ErrorCard icon={<ShieldAlertIcon className="size-10" />} title="Zugriff verweigert">
      {voice === 'Sie' ? (
        <p className="text-ink">{shopForbiddenMessage}</p>
      ) : (
        <>
          <p className="text-ink">{forbiddenMessage}</p>
          <p>
            Wende dich an die Inhaberin oder den Inhaber deiner Organisation, wenn du Zugang
            brauchst.
          </p>
        </>
      )}
    </ErrorCard>
  )
}

function ServerErrorContent({ voice }: { voice: Voice }) {
  const router = useRouter()
  const requestId = useServerRequestId()
  return (
    <ErrorCard
      icon={<ServerCrashIcon className="size-10" />}
      title="Interner Serverfehler"
      actions={
        <button type="button" onClick={() => router.invalidate()} className={secondaryButton}>
          <RotateCcwIcon className="size-4" />
          Erneut versuchen
        </button>
      }
    >
      <p>
        Leider ist ein unerwarteter Fehler aufgetreten.{' '}
        {voice === 'Sie'
          ? 'Bitte versuchen Sie es gleich noch einmal.'
          : 'Bitte versuche es gleich noch einmal.'}
      </p>
      {requestId && (
        <p className="text-sm">
          {voice === 'Sie'
            ? 'Wenn der Fehler bleibt, nennen Sie dem Support diese Fehler-ID:'
            : 'Wenn der Fehler bleibt, nenne dem Support diese Fehler-ID:'}{' '}
          <span className="font-mono text-ink">{requestId}</span>
        </p>
      )}
    </ErrorCard>
  )
}

/** The 403 page for a denied access, the 500 page for everything else; inside a layout's frame. */
export function ErrorContent({ error, voice }: { error: unknown; voice: Voice }) {
  return isAccessDenied(error) ? (
    <ForbiddenContent voice={voice} />
  ) : (
    <ServerErrorContent voice={voice} />
  )
}

/**
 * Unknown paths: inside the frame of the host (its shop, its organisation, or the product); a page
 * that finds nothing inside a layout (a not-found thrown by its loader) keeps that layout's frame.
 */
export function NotFoundPage() {
  const content = <NotFoundContent />
  return useInsideFrame() ? content : <HostFrame>{content}</HostFrame>
}

/** A denied or failed page of the shop and home layouts, still inside the host's frame. */
export function HostErrorPage({ error }: { error: unknown }) {
  return (
    <HostFrame>
      <ErrorContent error={error} voice="Sie" />
    </HostFrame>
  )
}

/** The root error boundary, for failures before any layout (e.g. loading the session) applies. */
export function RootErrorPage({ error }: { error: unknown }) {
  // Before any layout: a shop's host speaks as its shop, the product's domain as the back office.
  const voice = useTenant()?.hasShop ? 'Sie' : 'du'
  return (
    <main id="main" className="flex min-h-screen items-center bg-surface-muted px-page py-16">
      <ErrorContent error={error} voice={voice} />
    </main>
  )
}

/**
 * Every page of a deactivated organisation's host: neutral, without its name or brand, and
 * without saying why (a platform admin's decision, not the visitor's business).
 */
export function UnavailablePage() {
  return (
    <main id="main" className="flex min-h-screen items-center bg-surface-muted px-page py-16">
      <div className="mx-auto w-full max-w-lg rounded-card border border-border bg-surface p-8 shadow-sm">
        <h1 className="text-2xl font-semibold text-ink">Derzeit nicht verfügbar</h1>
        <p className="mt-3 text-ink-muted">
          Dieses Angebot ist derzeit nicht verfügbar. Bitte versuchen Sie es später noch einmal.
        </p>
      </div>
    </main>
  )
}
