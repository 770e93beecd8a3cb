import type { ReactNode } from 'react'
import { UploadProgress } from './UploadProgress'
import type { FileUpload } from './use-file-upload'

/** The ids `UploadMessages` gives its hint and error, for the picker button's `aria-describedby`. */
export const uploadDescribedBy = (id: string, error: string | null) =>
  [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')

/**
 * What a file picker says under its button: the progress while sending, which files it takes,
 * and the error — the upload's own refusal before the form's.
 */
export function UploadMessages({
  id,
  upload,
  processingText,
  hint,
  error,
}: {
  id: string
  upload: FileUpload
  processingText: string
  hint: ReactNode
  error: string | null
}) {
  return (
    <>
      {upload.state === 'uploading' && (
        <UploadProgress
          share={upload.share}
          fileName={upload.fileName}
          processingText={processingText}
        />
      )}
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </>
  )
}
