import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { formatCount, formatDateTime } from '~/lib/format'
import type { ProductImportState } from '~/lib/product-import-state'
import { FormAlert } from '../forms/field-parts'
import { ButtonLink } from '../ui/buttons'
import { masterProductsKey } from './master-products.queries'
import { ErrorReportButton, ImportStatusBadge } from './ProductImportParts'
import { productImportKey, productImportQuery } from './product-import.queries'

/**
 * Step 4: the confirmed import. While it runs, its state is polled and shown as a progress bar
 * with counts; when it is over, a summary with what was written, what was not and why.
 */
export function ProductImportRun({ state: initial }: { state: ProductImportState }) {
  // The query polls itself while the import runs (`refetchInterval`).
  const { data: state = initial } = useQuery(productImportQuery(initial.id))
  const queryClient = useQueryClient()
  const over = state.status === 'completed' || state.status === 'failed'
  // What the run wrote shows in the product database's list and forms without a reload.
  useEffect(() => {
    if (over) {
      void queryClient.invalidateQueries({
        queryKey: masterProductsKey,
        predicate: (query) => query.queryKey[1] !== productImportKey[1],
      })
    }
  }, [over, queryClient])
  const id = useId()
  const [message, setMessage] = useState<string | null>(null)
  const percent = state.validRows ? Math.floor((state.processedRows / state.validRows) * 100) : 100
  const running = state.status === 'running'

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border border-border bg-surface p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-ink">
          {state.status === 'completed' && (
            <CircleCheck className="size-5 text-success" aria-hidden="true" />
          )}
          {state.status === 'failed' && (
            <CircleAlert className="size-5 text-danger" aria-hidden="true" />
          )}
          {running
            ? '4. Import läuft'
            : state.status === 'completed'
              ? 'Import abgeschlossen'
              : 'Import abgebrochen'}
        </h2>
        <ImportStatusBadge status={state.status} />
      </div>
      <p className="mt-1 text-ink-muted">
        „{state.fileName}“{state.finishedAt && `, beendet am ${formatDateTime(state.finishedAt)}`}
      </p>

      <div className="mt-4">
        <progress
          value={state.processedRows}
          max={Math.max(1, state.validRows)}
          aria-labelledby={`${id}-progress`}
          className="h-3 w-full accent-brand-600"
        />
        <p id={`${id}-progress`} className="mt-1 text-sm text-ink" aria-live="polite">
          {formatCount(state.processedRows)} von {formatCount(state.validRows)} gültigen Zeilen
          verarbeitet ({percent} %)
        </p>
      </div>

      <dl className="mt-4 grid gap-3 sm:grid-cols-4">
        <Count label="Neu angelegt" value={state.createdCount} />
        <Count label="Aktualisiert" value={state.updatedCount} />
        <Count label="Unverändert" value={state.skippedCount} />
        <Count label="Fehlerhaft, nicht importiert" value={state.counts.invalid} />
      </dl>

      {state.failureMessage && (
        <div className="mt-4">
          <FormAlert>{state.failureMessage}</FormAlert>
        </div>
      )}
      {message && (
        <div className="mt-4">
          <FormAlert>{message}</FormAlert>
        </div>
      )}
      {!running && (
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/admin/product-db">Zur Produktdatenbank</ButtonLink>
          <ButtonLink to="/admin/product-db/upload" search={{}} variant="secondary">
            Weitere Datei importieren
          </ButtonLink>
          {state.counts.invalid > 0 && (
            <ErrorReportButton importId={state.id} onFailure={setMessage} />
          )}
        </div>
      )}
    </section>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-border px-4 py-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-ink">{formatCount(value)}</dd>
    </div>
  )
}
