import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { FileDown, FileSpreadsheet } from 'lucide-react'
import { type DragEvent, useId, useState } from 'react'
import { formatCount, formatDateTime } from '~/lib/format'
import {
  importFileTooLargeMessage,
  importTemplateCsv,
  maxImportFileBytes,
  maxImportRows,
} from '~/lib/product-import-state'
import { FilePicker } from '../files/FilePicker'
import { useFileUpload } from '../files/use-file-upload'
import { Button } from '../ui/buttons'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { downloadText, ImportStatusBadge } from './ProductImportParts'
import { ProductImportPreview } from './ProductImportPreview'
import { ProductImportRun } from './ProductImportRun'
import { productImportQuery, recentProductImportsQuery } from './product-import.queries'

const route = getRouteApi('/_app/admin/product-db/upload')

/**
 * The master product import: upload a file, check the column mapping and the preview, confirm,
 * watch the progress, read the summary. Which import is shown lives in the URL (`?import=`),
 * so a reload lands on the same step.
 */
export function ProductImportPage() {
  const search = route.useSearch()
  return (
    <>
      <PageHeader
        title="Produktdatenbank importieren"
        description="Lade eine Produktliste als CSV- oder Excel-Datei hoch. Du siehst vor dem Import, was neu ist, was sich ändert und welche Zeilen Fehler haben."
        back={<BackLink to="/admin/product-db">Produktdatenbank</BackLink>}
      />
      {search.import ? <ImportSteps id={search.import} /> : <UploadStep />}
    </>
  )
}

function ImportSteps({ id }: { id: string }) {
  const { data: state } = useSuspenseQuery(productImportQuery(id))
  return state.status === 'previewed' ? (
    // Keyed by the import: another import's mapping starts from its own state.
    <ProductImportPreview key={state.id} state={state} />
  ) : (
    <ProductImportRun key={state.id} state={state} />
  )
}

function UploadStep() {
  const navigate = useNavigate()
  const id = useId()
  const control = useFileUpload({
    path: '/api/admin/product-imports',
    maxBytes: maxImportFileBytes,
    tooLargeMessage: importFileTooLargeMessage,
    onUploaded: (importId) =>
      navigate({ to: '/admin/product-db/upload', search: { import: importId } }),
  })
  const [dragging, setDragging] = useState(false)

  function drop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file && control.upload.state !== 'uploading') void control.start(file)
  }

  return (
    <div className="space-y-8">
      <section
        aria-labelledby={`${id}-title`}
        className="rounded-card border border-border bg-surface p-6"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          1. Datei hochladen
        </h2>
        {/* Dropping is a shortcut; the button is the way for keyboard and screen readers. */}
        <fieldset
          aria-label="Ablagefläche für die Datei"
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={`mt-4 flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center ${dragging ? 'border-brand-500 bg-brand-50' : 'border-border'}`}
        >
          <FileSpreadsheet className="size-10 text-brand-500" aria-hidden="true" />
          <p className="text-ink">Zieh die Datei hierher oder wähle sie aus.</p>
          <FilePicker
            id={id}
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            control={control}
            processingText="Die Datei wird geprüft …"
            hint={
              <>
                CSV (Semikolon oder Komma, UTF-8 oder Windows-1252 wie aus Excel) oder Excel (.xlsx,
                erstes Tabellenblatt). Höchstens 10 MB und {formatCount(maxImportRows)} Zeilen. Die
                erste Zeile enthält die Spaltennamen.
              </>
            }
          />
        </fieldset>
        <div className="mt-4">
          <Button
            variant="secondary"
            onClick={() => downloadText('produktimport-vorlage.csv', importTemplateCsv())}
          >
            <FileDown className="size-4" aria-hidden="true" />
            Vorlage herunterladen
          </Button>
        </div>
      </section>
      <RecentImports />
    </div>
  )
}

function RecentImports() {
  const { data: imports } = useSuspenseQuery(recentProductImportsQuery())
  if (imports.length === 0) return null
  return (
    <section aria-labelledby="recent-imports">
      <h2 id="recent-imports" className="text-lg font-semibold text-ink">
        Letzte Importe
      </h2>
      <div className="mt-3 overflow-x-auto rounded-card border border-border bg-surface">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface-muted text-ink-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Datei
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Hochgeladen
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Zeilen
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Neu / aktualisiert
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {imports.map((entry) => (
              <tr key={entry.id} className="border-t border-border">
                <td className="px-4 py-2">
                  <Link
                    to="/admin/product-db/upload"
                    search={{ import: entry.id }}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {entry.fileName}
                  </Link>
                </td>
                <td className="px-4 py-2">{formatDateTime(entry.createdAt)}</td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatCount(entry.totalRows)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatCount(entry.createdCount)} / {formatCount(entry.updatedCount)}
                </td>
                <td className="px-4 py-2">
                  <ImportStatusBadge status={entry.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
