import type { AnyFieldApi } from '@tanstack/react-form'
import { useRouter } from '@tanstack/react-router'
import { ImageOff, ImageUp, Trash2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { HiddenFileInput } from '../files/HiddenFileInput'
import { UploadMessages, uploadDescribedBy } from '../files/UploadProgress'
import { useFileUpload } from '../files/use-file-upload'
import { changeFieldValue, fieldErrorOf } from '../forms/fields'
import { Button } from '../ui/buttons'

export const storedFileUrl = (id: string) => `/api/files/${id}`

/** A file's bytes as a data URL (the page's CSP allows `data:` images, not `blob:`). */
function readPreview(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null)
    reader.onerror = () => resolve(null)
    reader.readAsDataURL(file)
  })
}

/**
 * The stored image as a data URL: product images are read by business users only (ADR 081), so
 * the preview is fetched with the session's token rather than by an `<img>` of its address.
 */
function useStoredImage(fileId: string | null): string | null {
  const { api } = useRouter().options.context
  const [loaded, setLoaded] = useState<{ id: string; url: string } | null>(null)
  useEffect(() => {
    if (!fileId) return
    let cancelled = false
    void api
      .fetch(storedFileUrl(fileId))
      .then(async (response) => {
        if (!response.ok) return
        const url = await readPreview(await response.blob())
        if (!cancelled && url) setLoaded({ id: fileId, url })
      })
      .catch(() => {})
    return () => {
      cancelled = true
    }
  }, [api, fileId])
  return loaded?.id === fileId ? loaded.url : null
}

/**
 * The product picture: pick a file, watch it upload, see the stored result. The server checks the
 * content and keeps a re-encoded copy; the form then holds only the stored file's id.
 */
export function ImageField({ field }: { field: AnyFieldApi }) {
  const id = useId()
  const [picked, setPicked] = useState<string | null>(null)
  const { input, upload, start, reset } = useFileUpload({
    path: '/api/files/product-images',
    maxBytes: 5 * 1024 * 1024,
    tooLargeMessage: 'Das Bild ist größer als 5 MB.',
    onStart: (file) => {
      setPicked(null)
      void readPreview(file).then(setPicked)
    },
    onUploaded: (fileId) => changeFieldValue(field, fileId),
  })
  const imageFileId = field.state.value as string | null
  const error = upload.state === 'failed' ? upload.message : fieldErrorOf(field)
  const stored = useStoredImage(upload.state === 'uploading' ? null : imageFileId)

  const preview = upload.state === 'uploading' ? picked : imageFileId ? (stored ?? picked) : null

  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-ink">
        Packungsfoto
      </span>
      <div className="mt-1 flex flex-wrap items-start gap-4">
        <div className="flex size-32 items-center justify-center overflow-hidden rounded-lg border border-border bg-surface-muted">
          {preview ? (
            <img
              src={preview}
              alt={
                upload.state === 'uploading' ? 'Vorschau des ausgewählten Bildes' : 'Packungsfoto'
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
              aria-describedby={uploadDescribedBy(id, error)}
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
                  reset()
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Bild entfernen
              </Button>
            )}
          </div>
          <UploadMessages
            id={id}
            upload={upload}
            processingText="Wird verarbeitet …"
            hint="PNG, JPEG oder WebP, höchstens 5 MB. Das Bild wird ohne Metadaten gespeichert und auf höchstens 1.600 Pixel verkleinert."
            error={error}
          />
        </div>
      </div>
    </div>
  )
}
