import type { ReactNode } from 'react'
import type { FileUpload } from './use-file-upload'

/**
 * The progress of a file upload: a bar and the share sent, then what the server does with it
 * (`processingText`) once everything is sent.
 */
function UploadProgress({
  share,
  fileName,
  processingText,
}: {
  /** 0 … 1. */
  share: number
  fileName: string
  processingText: string
}) {
  const percent = Math.round(share * 100)
  return (
    <div className="w-full max-w-xs">
      <progress
        value={percent}
        max={100}
        aria-label={`${fileName} wird hochgeladen`}
        className="h-2 w-full accent-brand-600"
      />
      <p className="text-sm text-ink-muted" aria-live="polite">
        {percent < 100 ? `${percent} % hochgeladen …` : processingText}
      </p>
    </div>
  )
}

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
      <p id={`${id}-hint`} className="max-w-2xl text-sm text-ink-muted">
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
