import { useRouter } from '@tanstack/react-router'
import { Download, Eye, FileCheck, FileUp, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { HiddenFileInput } from '../files/HiddenFileInput'
import { UploadMessages, uploadDescribedBy } from '../files/UploadProgress'
import { useFileUpload } from '../files/use-file-upload'
import { Button } from '../ui/buttons'

/**
 * Picks a CoA (or a club's lab report), uploads it with its progress and hands the stored file's
 * id to `onUploaded`. The server checks the content: PDF, PNG or JPEG, at most 10 MB. Used by the
 * goods receipt, the purchase order's receipt and the batch page.
 */
export function CertificateUpload({
  id: buttonId,
  label,
  error,
  fileId = null,
  onUploaded,
  onRemove,
  uploadedText = (fileName) => `Hochgeladen: ${fileName}`,
}: {
  /** The button's id, where a form names its fields' controls (`field-<name>`). */
  id?: string
  label: string
  /** The form's error for the certificate, e.g. the server's. */
  error: string | null
  /** The file the form holds already, if any. */
  fileId?: string | null
  onUploaded: (fileId: string) => void | Promise<void>
  /** Offers to take the file out of the form again. */
  onRemove?: () => void
  /** The line confirming the upload. */
  uploadedText?: (fileName: string) => string
}) {
  const id = useId()
  const { input, upload, start, reset } = useFileUpload({
    path: '/api/files/batch-certificates',
    maxBytes: 10 * 1024 * 1024,
    tooLargeMessage: 'Das Analysezertifikat ist größer als 10 MB.',
    onUploaded,
  })
  const shownError = upload.state === 'failed' ? upload.message : error
  const uploadedName = upload.state === 'idle' ? upload.fileName : null
  const uploaded = upload.state !== 'uploading' && (fileId !== null || uploadedName !== null)

  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-ink">{label}</span>
      <HiddenFileInput
        ref={input}
        id={`${id}-file`}
        accept="application/pdf,image/png,image/jpeg"
        onFile={(file) => void start(file)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          id={buttonId}
          variant="secondary"
          aria-describedby={uploadDescribedBy(id, shownError)}
          aria-invalid={shownError ? true : undefined}
          onClick={() => input.current?.click()}
          disabled={upload.state === 'uploading'}
        >
          <FileUp className="size-4" aria-hidden="true" />
          {uploaded ? 'Andere Datei wählen' : `${label} hochladen`}
        </Button>
        {uploaded && (
          <span className="inline-flex items-center gap-1 text-sm text-success">
            <FileCheck className="size-4" aria-hidden="true" />
            {uploadedText(uploadedName ?? label)}
          </span>
        )}
        {uploaded && onRemove && (
          <Button
            variant="ghost"
            onClick={() => {
              onRemove()
              reset()
            }}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Entfernen
          </Button>
        )}
      </div>
      <UploadMessages
        id={id}
        upload={upload}
        processingText="Wird geprüft …"
        hint="PDF, PNG oder JPEG, höchstens 10 MB."
        error={shownError}
      />
    </div>
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
