import { useRouter } from '@tanstack/react-router'
import { Download, Eye } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { DocumentUpload } from '../files/UploadField'
import { Button } from '../ui/buttons'
import { toast } from '../ui/toast'

/**
 * Picks a CoA (or a club's lab report) and uploads it; used by the goods receipt, the purchase
 * order's receipt and the batch page.
 */
export function CertificateUpload({
  viewName = 'Analysezertifikat.pdf',
  ...props
}: Omit<ComponentProps<typeof DocumentUpload>, 'path' | 'tooLargeMessage' | 'preview'> & {
  /** The tab title and download name of the attached file (`CoA-<batch>.pdf`). */
  viewName?: string
}) {
  return (
    <DocumentUpload
      {...props}
      // An attached file (the supplier's CoA, or one uploaded before) opens from the form.
      preview={
        props.fileId ? <CertificateLinks fileId={props.fileId} fileName={viewName} /> : undefined
      }
      path="/api/files/batch-certificates"
      tooLargeMessage="Das Analysezertifikat ist größer als 10 MB."
    />
  )
}

/**
 * Shows the local copy in the new tab framed by a page titled `title`: a tab showing the copy
 * itself would be titled with its blob id.
 */
function showInTab(view: Window, url: string, title: string) {
  const page = view.document
  page.title = title
  const frame = page.createElement('iframe')
  frame.src = url
  frame.title = title
  frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0'
  page.body.style.margin = '0'
  page.body.replaceChildren(frame)
}

/**
 * View and download of a stored CoA (or another private record file, e.g. a prescription scan).
 * The file is private to the organisation, so it is fetched with the session's token and handed
 * to the browser as a local copy.
 */
export function CertificateLinks({
  fileId,
  fileName,
  failureMessage = 'Das Analysezertifikat konnte nicht geladen werden.',
}: {
  fileId: string
  fileName: string
  failureMessage?: string
}) {
  const { api } = useRouter().options.context
  const [busy, setBusy] = useState(false)

  async function open(download: boolean) {
    setBusy(true)
    // Opened before the fetch, while the click still counts as the user's: popup blockers allow it.
    const view = download ? null : window.open('', '_blank')
    try {
      const response = await api.fetch(`/api/files/${fileId}`)
      if (!response.ok) throw new Error(`status ${response.status}`)
      const url = URL.createObjectURL(await response.blob())
      if (view) {
        showInTab(view, url, fileName)
      } else {
        const link = document.createElement('a')
        link.href = url
        link.download = fileName
        link.click()
      }
      // The copy stays long enough for the new tab or the download to read it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch {
      view?.close()
      toast.error(failureMessage)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => void open(false)} disabled={busy}>
        <Eye className="size-4" aria-hidden="true" />
        Ansehen
      </Button>
      <Button variant="secondary" onClick={() => void open(true)} disabled={busy}>
        <Download className="size-4" aria-hidden="true" />
        Herunterladen
      </Button>
    </div>
  )
}
