import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { failureOf } from '~/lib/failure'
import type { ProductImportStatus } from '~/lib/product-import-state'
import { Button } from '../ui/buttons'
import { StatusBadge, type StatusTone } from '../ui/StatusBadge'
import { fetchProductImportErrorReport } from './product-import-actions.functions'

/** Offers a text as a file to save (the error report, the template). */
export function downloadText(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The download reads the blob after this task; revoking at once could cut it off.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const importStatusBadges: Record<ProductImportStatus, { tone: StatusTone; label: string }> = {
  previewed: { tone: 'info', label: 'Vorschau' },
  running: { tone: 'warning', label: 'läuft' },
  completed: { tone: 'success', label: 'abgeschlossen' },
  failed: { tone: 'danger', label: 'abgebrochen' },
}

export function ImportStatusBadge({ status }: { status: ProductImportStatus }) {
  const badge = importStatusBadges[status]
  return <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
}

/** "Fehlerbericht herunterladen": the rejected rows with their reasons as CSV. */
export function ErrorReportButton({
  importId,
  onFailure,
}: {
  importId: string
  onFailure: (message: string) => void
}) {
  const [downloading, setDownloading] = useState(false)
  return (
    <Button
      variant="secondary"
      pending={downloading}
      onClick={async () => {
        setDownloading(true)
        try {
          const report = await fetchProductImportErrorReport({ data: { id: importId } })
          downloadText(report.fileName, report.content)
        } catch (failure) {
          onFailure(failureOf(failure).message)
        } finally {
          setDownloading(false)
        }
      }}
    >
      <FileDown className="size-4" aria-hidden="true" />
      Fehlerbericht herunterladen
    </Button>
  )
}
