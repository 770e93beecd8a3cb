import { useRouter } from '@tanstack/react-router'
import { Download, Eye, FileUp } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { failureOf } from '~/lib/failure'
import { HiddenFileInput } from '../files/HiddenFileInput'
import { UploadProgress } from '../files/UploadProgress'
import { uploadFile } from '../files/upload-file'
import { Button } from '../ui/buttons'

/** The file store's limit for certificates; checked here too, so a large file is not sent for nothing. */
const maxCertificateBytes = 10 * 1024 * 1024

type Upload =
  | { state: 'idle'; fileName: string | null }
  | { state: 'uploading'; share: number; fileName: string }
  | { state: 'failed'; message: string }

/**
 * Picks a CoA (or a club's lab report), uploads it with its progress and hands the stored file's
 * id to `onUploaded`. The server checks the content: PDF, PNG or JPEG, at most 10 MB.
 */
export function CertificateUpload({
  label,
  error,
  onUploaded,
}: {
  label: string
  /** The form's error for the certificate, e.g. the server's. */
  error: string | null
  onUploaded: (fileId: string | null) => void | Promise<void>
}) {
  const { api } = useRouter().options.context
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const running = useRef<AbortController | null>(null)
  const [upload, setUpload] = useState<Upload>({ state: 'idle', fileName: null })
  const shownError = upload.state === 'failed' ? upload.message : error

  // Leaving the form stops an upload still running.
  useEffect(() => () => running.current?.abort(), [])

  async function start(file: File) {
    running.current?.abort()
    if (file.size > maxCertificateBytes) {
      setUpload({ state: 'failed', message: 'Das Analysezertifikat ist größer als 10 MB.' })
      return
    }
    const controller = new AbortController()
    running.current = controller
    setUpload({ state: 'uploading', share: 0, fileName: file.name })
    try {
      const stored = await uploadFile(api, '/api/files/batch-certificates', file, {
        signal: controller.signal,
        onProgress: (share) =>
          setUpload((current) => (current.state === 'uploading' ? { ...current, share } : current)),
      })
      await onUploaded(stored.id)
      setUpload({ state: 'idle', fileName: file.name })
    } catch (failure) {
      if (controller.signal.aborted) return
      setUpload({ state: 'failed', message: failureOf(failure).message })
    } finally {
      if (running.current === controller) running.current = null
      if (input.current) input.current.value = ''
    }
  }

  const describedBy = [`${id}-hint`, shownError && `${id}-error`].filter(Boolean).join(' ')
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
          id="field-coaFileId"
          variant="secondary"
          aria-describedby={describedBy}
          aria-invalid={shownError ? true : undefined}
          onClick={() => input.current?.click()}
          disabled={upload.state === 'uploading'}
        >
          <FileUp className="size-4" aria-hidden="true" />
          {upload.state === 'idle' && upload.fileName
            ? 'Andere Datei wählen'
            : `${label} hochladen`}
        </Button>
        {upload.state === 'idle' && upload.fileName && (
          <span className="text-sm text-ink">Hochgeladen: {upload.fileName}</span>
        )}
      </div>
      {upload.state === 'uploading' && (
        <UploadProgress
          share={upload.share}
          fileName={upload.fileName}
          processingText="Wird geprüft …"
        />
      )}
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        PDF, PNG oder JPEG, höchstens 10 MB.
      </p>
      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {shownError}
        </p>
      )}
    </div>
  )
}

/**
 * View and download of a stored CoA. The file is private to the organisation, so it is fetched
 * with the session's token and handed to the browser as a local copy.
 */
export function CertificateLinks({ fileId, fileName }: { fileId: string; fileName: string }) {
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
      toast.error('Das Analysezertifikat konnte nicht geladen werden.')
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
