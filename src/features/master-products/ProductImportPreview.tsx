import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { ArrowLeft, ArrowRight, Upload } from 'lucide-react'
import { useId, useState } from 'react'
import { failureOf } from '~/lib/failure'
import { formatCount } from '~/lib/format'
import { masterProductFieldLabels } from '~/lib/master-products'
import {
  type ImportField,
  type ImportMapping,
  type ImportRowStatus,
  importFieldLabels,
  importFields,
  importPreviewPageSize,
  importRowStatuses,
  importRowStatusLabels,
  type ProductImportRowView,
  type ProductImportState,
  requiredImportFields,
} from '~/lib/product-import-state'
import { FieldView, FormAlert } from '../forms/field-parts'
import { Button, buttonClass } from '../ui/buttons'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { ChangeLine } from './ProductHistory'
import { ErrorReportButton } from './ProductImportParts'
import { productImportKey, productImportQuery } from './product-import.queries'
import {
  confirmProductImportFn,
  setProductImportMappingFn,
} from './product-import-actions.functions'
import { productImportRowsQuery } from './product-import-rows.queries'

const route = getRouteApi('/_app/admin/product-db/upload')

const rowStatusTones: Record<ImportRowStatus, StatusTone> = {
  new: 'success',
  changed: 'info',
  unchanged: 'neutral',
  invalid: 'danger',
}

/** Steps 2 and 3: the column mapping, and the analysed rows with the confirm. */
export function ProductImportPreview({ state }: { state: ProductImportState }) {
  return (
    <div className="space-y-8">
      <MappingStep state={state} />
      {state.missingFields.length === 0 && <PreviewStep state={state} />}
    </div>
  )
}

const requiredFields: readonly ImportField[] = requiredImportFields

function MappingStep({ state }: { state: ProductImportState }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [mapping, setMapping] = useState<ImportMapping>(state.mapping)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const dirty = importFields.some((field) => mapping[field] !== state.mapping[field])

  async function apply() {
    setSaving(true)
    setMessage(null)
    try {
      const analysed = await setProductImportMappingFn({ data: { id: state.id, mapping } })
      setErrors({})
      queryClient.setQueryData(productImportQuery(state.id).queryKey, analysed)
      await queryClient.invalidateQueries({ queryKey: [...productImportKey, state.id, 'rows'] })
      toast.success('Die Zeilen wurden mit der neuen Zuordnung geprüft.')
    } catch (failure) {
      const { message: text, errors: fieldErrors } = failureOf(failure)
      setErrors(fieldErrors ?? {})
      setMessage(text)
    } finally {
      setSaving(false)
    }
  }

  const columnOptions = state.header.map((name, column) => ({
    value: String(column),
    label: state.samples[column] ? `${name} (z. B. „${state.samples[column]}“)` : name,
  }))
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        2. Spalten zuordnen
      </h2>
      <p className="mt-1 text-ink-muted">
        „{state.fileName}“ mit {formatCount(state.totalRows)} Zeilen. Bekannte Spaltennamen sind
        schon zugeordnet; Pflichtfelder sind mit * markiert. Felder ohne Spalte behalten bei
        vorhandenen Produkten ihren gespeicherten Wert.
      </p>
      {state.missingFields.length > 0 && (
        <div className="mt-4">
          <FormAlert>
            Bitte ordne eine Spalte zu für:{' '}
            {state.missingFields.map((field) => importFieldLabels[field]).join(', ')}. Erst dann
            lassen sich die Zeilen prüfen.
          </FormAlert>
        </div>
      )}
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault()
          void apply()
        }}
      >
        {/* A column's sample may be long: the fields shrink with the grid instead of widening the page. */}
        <div className="grid gap-4 *:min-w-0 sm:grid-cols-2 lg:grid-cols-3">
          {importFields.map((field) => (
            <FieldView
              key={field}
              id={`mapping-${field}`}
              label={`${importFieldLabels[field]}${requiredFields.includes(field) ? ' *' : ''}`}
              error={errors[field] ?? null}
              render={(control) => (
                <select
                  {...control}
                  value={mapping[field] === undefined ? '' : String(mapping[field])}
                  onChange={(event) =>
                    setMapping((current) => {
                      const next = { ...current }
                      if (event.target.value === '') delete next[field]
                      else next[field] = Number(event.target.value)
                      return next
                    })
                  }
                >
                  <option value="">– nicht importieren –</option>
                  {columnOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            />
          ))}
        </div>
        {message && (
          <div className="mt-4">
            <FormAlert>{message}</FormAlert>
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            variant={dirty ? 'primary' : 'secondary'}
            pending={saving}
            disabled={!dirty}
          >
            Zuordnung übernehmen und neu prüfen
          </Button>
          {!dirty && (
            <span className="text-sm text-ink-muted">Die Vorschau zeigt diese Zuordnung.</span>
          )}
        </div>
      </form>
    </section>
  )
}

function PreviewStep({ state }: { state: ProductImportState }) {
  const search = route.useSearch()
  const queryClient = useQueryClient()
  const id = useId()
  const page = search.page ?? 1
  const rows = useQuery(productImportRowsQuery({ id: state.id, status: search.rows, page }))
  const [confirming, setConfirming] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  async function confirm() {
    setConfirming(true)
    setMessage(null)
    try {
      await confirmProductImportFn({ data: { id: state.id } })
      await queryClient.invalidateQueries({ queryKey: productImportQuery(state.id).queryKey })
    } catch (failure) {
      setMessage(failureOf(failure).message)
    } finally {
      setConfirming(false)
    }
  }

  const total = rows.data?.total ?? 0
  const lastPage = Math.max(1, Math.ceil(total / importPreviewPageSize))
  const shownPage = rows.data?.page ?? page
  const reasonDisabled =
    state.validRows === 0 ? 'Keine Zeile ist gültig: Bitte korrigiere die Datei.' : null
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        3. Vorschau prüfen
      </h2>
      <nav aria-label="Zeilen nach Ergebnis" className="mt-4 flex flex-wrap gap-2">
        <StatusTab label="Alle" count={state.totalRows} current={search.rows === undefined} />
        {importRowStatuses.map((status) => (
          <StatusTab
            key={status}
            status={status}
            label={importRowStatusLabels[status]}
            count={state.counts[status]}
            current={search.rows === status}
          />
        ))}
      </nav>

      {/* A wide file scrolls sideways; keyboard users need to focus the region to scroll it. */}
      <section
        aria-label="Zeilen der Datei"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        className="mt-4 overflow-x-auto rounded-lg border border-border focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Zeilen der Datei {search.rows ? `(${importRowStatusLabels[search.rows]})` : ''}, Seite{' '}
            {shownPage} von {lastPage}
          </caption>
          <thead className="bg-surface-muted text-ink-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Zeile
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Ergebnis
              </th>
              {state.header.map((name, column) => (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: the file's columns are fixed by position
                  key={column}
                  scope="col"
                  className="px-3 py-2 font-medium whitespace-nowrap"
                >
                  {name}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-medium">
                Änderungen und Fehler
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.data?.items.map((row) => (
              <PreviewRow key={row.line} row={row} columns={state.header.length} />
            ))}
            {rows.data && rows.data.items.length === 0 && (
              <tr>
                <td
                  colSpan={state.header.length + 3}
                  className="px-3 py-6 text-center text-ink-muted"
                >
                  Keine Zeilen mit diesem Ergebnis.
                </td>
              </tr>
            )}
            {rows.isPending && (
              <tr>
                <td
                  colSpan={state.header.length + 3}
                  className="px-3 py-6 text-center text-ink-muted"
                >
                  Zeilen werden geladen …
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      {lastPage > 1 && (
        <nav
          aria-label="Seiten der Vorschau"
          className="mt-3 flex items-center justify-end gap-3 text-sm"
        >
          <span className="text-ink-muted">
            Seite {shownPage} von {lastPage}
          </span>
          <PageLink page={shownPage - 1} disabled={shownPage <= 1} label="Vorherige Seite">
            <ArrowLeft className="size-4" aria-hidden="true" />
          </PageLink>
          <PageLink page={shownPage + 1} disabled={shownPage >= lastPage} label="Nächste Seite">
            <ArrowRight className="size-4" aria-hidden="true" />
          </PageLink>
        </nav>
      )}

      {message && (
        <div className="mt-4">
          <FormAlert>{message}</FormAlert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void confirm()}
          pending={confirming}
          disabled={reasonDisabled !== null}
          aria-describedby={reasonDisabled ? `${id}-disabled` : undefined}
        >
          <Upload className="size-4" aria-hidden="true" />
          {formatCount(state.validRows)} {state.validRows === 1 ? 'Produkt' : 'Produkte'}{' '}
          importieren
        </Button>
        {state.counts.invalid > 0 && (
          <ErrorReportButton importId={state.id} onFailure={setMessage} />
        )}
        {reasonDisabled && (
          <span id={`${id}-disabled`} className="text-sm text-ink-muted">
            {reasonDisabled}
          </span>
        )}
      </div>
      {state.counts.invalid > 0 && state.validRows > 0 && (
        <p className="mt-2 text-sm text-ink-muted">
          {formatCount(state.counts.invalid)} fehlerhafte{' '}
          {state.counts.invalid === 1 ? 'Zeile wird' : 'Zeilen werden'} nicht importiert.
        </p>
      )}
    </section>
  )
}

function StatusTab({
  status,
  label,
  count,
  current,
}: {
  status?: ImportRowStatus
  label: string
  count: number
  current: boolean
}) {
  return (
    <Link
      from="/admin/product-db/upload"
      to="."
      search={(previous) => ({ import: previous.import, rows: status })}
      aria-current={current ? 'page' : undefined}
      className={`rounded-full border px-3 py-1 text-sm ${current ? 'border-brand-600 bg-brand-600 text-white' : 'border-border bg-surface text-ink hover:bg-surface-muted'}`}
    >
      {label} <span className="tabular-nums">({formatCount(count)})</span>
    </Link>
  )
}

function PageLink({
  page,
  disabled,
  label,
  children,
}: {
  page: number
  disabled: boolean
  label: string
  children: React.ReactNode
}) {
  if (disabled) {
    return (
      <span
        aria-disabled="true"
        title={label}
        className={buttonClass('secondary', 'px-2 opacity-60')}
      >
        <span className="sr-only">{label}</span>
        {children}
      </span>
    )
  }
  return (
    <Link
      from="/admin/product-db/upload"
      to="."
      search={(previous) => ({ ...previous, page: page > 1 ? page : undefined })}
      className={buttonClass('secondary', 'px-2')}
      aria-label={label}
    >
      {children}
    </Link>
  )
}

function PreviewRow({ row, columns }: { row: ProductImportRowView; columns: number }) {
  const errorsByColumn = new Map<number, string[]>()
  const rowErrors: string[] = []
  for (const error of row.errors) {
    if (error.column === null) rowErrors.push(error.message)
    else
      errorsByColumn.set(error.column, [...(errorsByColumn.get(error.column) ?? []), error.message])
  }
  return (
    <tr className="border-t border-border align-top">
      <th scope="row" className="px-3 py-2 font-normal tabular-nums">
        {row.line}
      </th>
      <td className="px-3 py-2">
        <StatusBadge tone={rowStatusTones[row.status]}>
          {importRowStatusLabels[row.status]}
        </StatusBadge>
      </td>
      {Array.from({ length: columns }, (_, column) => {
        const errors = errorsByColumn.get(column)
        return (
          <td
            // biome-ignore lint/suspicious/noArrayIndexKey: the file's columns are fixed by position
            key={column}
            className={`px-3 py-2 ${errors ? 'bg-danger-soft' : ''}`}
          >
            <span className="break-words">{row.cells[column] ?? ''}</span>
            {errors?.map((message) => (
              <span key={message} className="mt-1 block text-xs text-danger">
                {message}
              </span>
            ))}
          </td>
        )
      })}
      <td className="px-3 py-2">
        {rowErrors.map((message) => (
          <p key={message} className="text-xs text-danger">
            {message}
          </p>
        ))}
        {row.changes.length > 0 && (
          <dl className="space-y-0.5 text-xs">
            {row.changes.map((change) => (
              <ChangeLine
                key={change.field}
                {...change}
                created={false}
                label={masterProductFieldLabels[change.field] ?? change.field}
              />
            ))}
          </dl>
        )}
      </td>
    </tr>
  )
}
