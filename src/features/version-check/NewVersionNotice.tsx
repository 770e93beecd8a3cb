import { useQuery } from '@tanstack/react-query'
import { RefreshCw, X } from 'lucide-react'
import { useState } from 'react'
import { isNewBuild, versionQueryOptions } from './version-query'

/** Asks the server for its build and offers a reload once it runs a newer one. */
export default function NewVersionNotice() {
  const { data } = useQuery(versionQueryOptions())
  // Dismissing hides this build only; a later one is offered again.
  const [dismissedBuildId, setDismissedBuildId] = useState<string | null>(null)
  if (data === undefined || !isNewBuild(data) || data.buildId === dismissedBuildId) return null

  return (
    <div className="pointer-events-auto flex max-w-full flex-wrap items-center gap-3 rounded-card border border-border bg-surface py-3 pr-3 pl-4 text-ink shadow-lg">
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
      <p className="font-medium">Eine neue Version ist verfügbar.</p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-900"
        >
          Neu laden
        </button>
        <button
          type="button"
          aria-label="Hinweis schließen"
          onClick={() => setDismissedBuildId(data.buildId)}
          className="rounded-lg p-1.5 text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  )
}
