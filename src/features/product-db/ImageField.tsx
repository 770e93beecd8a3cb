import type { AnyFieldApi } from '@tanstack/react-form'
import { useRouter } from '@tanstack/react-router'
import { ImageOff, ImageUp, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { failureOf } from '~/lib/failure'
import { HiddenFileInput } from '../files/HiddenFileInput'
import { UploadProgress } from '../files/UploadProgress'
import { uploadFile } from '../files/upload-file'
import { Button } from '../ui/buttons'
import { changeFieldValue, fieldErrorOf } from './form-controls'

/** The file store's limit for pictures; checked here too, so a large file is not sent for nothing. */
const maxImageBytes = 5 * 1024 * 1024

export const storedFileUrl = (id: string) => `/api/files/${id}`

type Upload =
  | { state: 'idle' }
  | { state: 'uploading'; share: number; preview: string | null; fileName: string }
  | { state: 'failed'; message: string }

/** The picked file as a data URL (the page's CSP allows `data:` images, not `blob:`). */
function readPreview(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null)
    reader.onerror = () => resolve(null)
    reader.readAsDataURL(file)
  })
}

/**
 * The product picture: pick a file, watch it upload, see the stored result. The server checks the
 * content and keeps a re-encoded copy; the form then holds only the stored file's id.
 */
export function ImageField({ field }: { field: AnyFieldApi }) {
  const { api } = useRouter().options.context
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const running = useRef<AbortController | null>(null)
  const [upload, setUpload] = useState<Upload>({ state: 'idle' })
  const imageFileId = field.state.value as string | null
  const error = upload.state === 'failed' ? upload.message : fieldErrorOf(field)

  // Leaving the form stops an upload still running.
  useEffect(() => () => running.current?.abort(), [])

  async function start(file: File) {
    running.current?.abort()
    if (file.size > maxImageBytes) {
      setUpload({ state: 'failed', message: 'Das Bild ist größer als 5 MB.' })
      return
    }
    const controller = new AbortController()
    running.current = controller
    setUpload({ state: 'uploading', share: 0, preview: null, fileName: file.name })
    void readPreview(file).then((preview) =>
      setUpload((current) => (current.state === 'uploading' ? { ...current, preview } : current)),
    )
    try {
      const stored = await uploadFile(api, '/api/files/product-images', file, {
        signal: controller.signal,
        onProgress: (share) =>
          setUpload((current) => (current.state === 'uploading' ? { ...current, share } : current)),
      })
      changeFieldValue(field, stored.id)
      setUpload({ state: 'idle' })
    } catch (failure) {
      if (controller.signal.aborted) return
      setUpload({ state: 'failed', message: failureOf(failure).message })
    } finally {
      if (running.current === controller) running.current = null
      if (input.current) input.current.value = ''
    }
  }

  const preview =
    upload.state === 'uploading' ? upload.preview : imageFileId ? storedFileUrl(imageFileId) : null
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')

  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-ink">
        Produktbild
      </span>
      <div className="mt-1 flex flex-wrap items-start gap-4">
        <div className="flex size-32 items-center justify-center overflow-hidden rounded-lg border border-border bg-surface-muted">
          {preview ? (
            <img
              src={preview}
              alt={
                upload.state === 'uploading' ? 'Vorschau des ausgewählten Bildes' : 'Produktbild'
              }
              className="size-full object-contain"
            />
          ) : (
            <ImageOff className="size-8 text-ink-muted" aria-label="Kein Bild" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <HiddenFileInput
            ref={input}
            id={`${id}-file`}
            accept="image/png,image/jpeg,image/webp"
            onFile={(file) => void start(file)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              id={`${id}-choose`}
              aria-describedby={describedBy}
              variant="secondary"
              onClick={() => input.current?.click()}
              disabled={upload.state === 'uploading'}
            >
              <ImageUp className="size-4" aria-hidden="true" />
              {imageFileId ? 'Anderes Bild hochladen' : 'Bild hochladen'}
            </Button>
            {imageFileId && upload.state !== 'uploading' && (
              <Button
                variant="ghost"
                onClick={() => {
                  changeFieldValue(field, null)
                  setUpload({ state: 'idle' })
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Bild entfernen
              </Button>
            )}
          </div>
          {upload.state === 'uploading' && (
            <UploadProgress
              share={upload.share}
              fileName={upload.fileName}
              processingText="Wird verarbeitet …"
            />
          )}
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            PNG, JPEG oder WebP, höchstens 5 MB. Das Bild wird ohne Metadaten gespeichert und auf
            höchstens 1.600 Pixel verkleinert.
          </p>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  )
}
