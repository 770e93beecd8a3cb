import type { AnyFieldApi } from '@tanstack/react-form'
import { useRouter } from '@tanstack/react-router'
import { FileCheck, FileUp, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { failureOf } from '~/lib/failure'
import { HiddenFileInput } from '../files/HiddenFileInput'
import { UploadProgress } from '../files/UploadProgress'
import { uploadFile } from '../files/upload-file'
import { changeFieldValue, fieldErrorOf } from '../product-db/form-controls'
import { Button } from '../ui/buttons'

/** The file store's limit for CoAs; checked here too, so a large file is not sent for nothing. */
const maxCertificateBytes = 10 * 1024 * 1024

type Upload =
  | { state: 'idle'; fileName: string | null }
  | { state: 'uploading'; share: number; fileName: string }
  | { state: 'failed'; message: string }

/**
 * A batch's certificate of analysis: pick a PDF, PNG or JPEG, watch it upload, keep the stored
 * file's id in the field. The server checks the content, not the name.
 */
export function CertificateField({ field, label }: { field: AnyFieldApi; label: string }) {
  const { api } = useRouter().options.context
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const running = useRef<AbortController | null>(null)
  const [upload, setUpload] = useState<Upload>({ state: 'idle', fileName: null })
  const fileId = field.state.value as string | null
  const error = upload.state === 'failed' ? upload.message : fieldErrorOf(field)

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
      changeFieldValue(field, stored.id)
      setUpload({ state: 'idle', fileName: file.name })
    } catch (failure) {
      if (controller.signal.aborted) return
      setUpload({ state: 'failed', message: failureOf(failure).message })
    } finally {
      if (running.current === controller) running.current = null
      if (input.current) input.current.value = ''
    }
  }

  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  const storedName = upload.state === 'idle' ? upload.fileName : null
  return (
    <div>
      <span className="block text-sm font-medium text-ink">{label}</span>
      <div className="mt-1 space-y-2">
        <HiddenFileInput
          ref={input}
          id={`${id}-file`}
          accept="application/pdf,image/png,image/jpeg"
          onFile={(file) => void start(file)}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            aria-describedby={describedBy}
            onClick={() => input.current?.click()}
            disabled={upload.state === 'uploading'}
          >
            <FileUp className="size-4" aria-hidden="true" />
            {fileId ? 'Anderes Zertifikat hochladen' : `${label} hochladen`}
          </Button>
          {fileId && upload.state !== 'uploading' && (
            <>
              <span className="inline-flex items-center gap-1 text-sm text-success">
                <FileCheck className="size-4" aria-hidden="true" />
                {storedName ?? 'Zertifikat'} hochgeladen
              </span>
              <Button
                variant="ghost"
                onClick={() => {
                  changeFieldValue(field, null)
                  setUpload({ state: 'idle', fileName: null })
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Entfernen
              </Button>
            </>
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
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
