import { useRouter } from '@tanstack/react-router'
import { Download, Eye } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { toast } from 'sonner'
import { DocumentUpload } from '../files/UploadField'
import { Button } from '../ui/buttons'

/**
 * Picks a CoA (or a club's lab report) and uploads it; used by the goods receipt, the purchase
 * order's receipt and the batch page.
 */
export function CertificateUpload(
  props: Omit<ComponentProps<typeof DocumentUpload>, 'path' | 'tooLargeMessage'>,
) {
  return (
    <DocumentUpload
      {...props}
      path="/api/files/batch-certificates"
      tooLargeMessage="Das Analysezertifikat ist größer als 10 MB."
    />
  )
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
        view.location.href = url
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
