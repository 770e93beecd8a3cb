import { useRouter } from '@tanstack/react-router'
import { Download } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button, type ButtonVariant } from '../ui/buttons'
import { toast } from '../ui/toast'

/** Hands fetched bytes to the browser as a download under `fileName`. */
export function saveAs(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The copy stays long enough for the download to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * Downloads a stored file (an issued document, a CoA, a prescription scan) by `fileId`, or what
 * an API route at `path` answers (a shop customer's invoice or data export). The files are
 * private, so the bytes are fetched with the session's token and handed to the browser as a local
 * copy under `fileName` — the same bytes the server stored at issue.
 */
export function DownloadFileButton({
  fileId,
  path,
  fileName,
  label,
  children,
  variant = 'secondary',
}: ({ fileId: string; path?: undefined } | { path: string; fileId?: undefined }) & {
  fileName: string
  /** Read out after the visible text, e.g. "Rechnung RE-2026-00001 herunterladen". */
  label: string
  /** The visible text (e.g. "XML"); without it the button shows only the icon. */
  children?: ReactNode
  variant?: ButtonVariant
}) {
  const { api } = useRouter().options.context
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      const response = await api.fetch(path ?? `/api/files/${fileId}`)
      if (!response.ok) throw new Error(`status ${response.status}`)
      saveAs(await response.blob(), fileName)
    } catch {
      toast.error('Die Datei konnte nicht geladen werden. Bitte versuche es erneut.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button variant={variant} onClick={() => void download()} pending={busy} title={label}>
      {!busy && <Download className="size-4" aria-hidden="true" />}
      {children}
      <span className="sr-only">{children ? ` (${label})` : label}</span>
    </Button>
  )
}
