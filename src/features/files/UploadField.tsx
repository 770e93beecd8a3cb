import { FileCheck, FileUp, Trash2 } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Button } from '../ui/buttons'
import { HiddenFileInput } from './HiddenFileInput'
import { UploadMessages, uploadDescribedBy } from './UploadProgress'
import { useFileUpload } from './use-file-upload'

export interface UploadFieldProps {
  /** The button's id, where a form names its fields' controls (`field-<name>`). */
  id?: string
  label: string
  /** The file-store route, e.g. `/api/files/batch-certificates`. */
  path: string
  /** The picker's file types; the server checks the content anyway. */
  accept: string
  maxBytes: number
  tooLargeMessage: string
  /** Which files fit, under the button. */
  hint: string
  /** The file the form holds already, if any. */
  fileId?: string | null
  /** The form's error for the file, e.g. the server's. */
  error: string | null
  onUploaded: (fileId: string) => void | Promise<void>
  /** Offers to take the file out of the form again. */
  onRemove?: () => void
  /** `upload`: the button, where "<label> hochladen" would not decline (neuer → neuen). */
  texts?: { upload?: string; pickAnother?: string; remove?: string }
  /** The line confirming the upload of the file just picked; none where `preview` shows it. */
  uploadedText?: ((fileName: string) => string) | null
  /** Shown above the button while a file is there (a logo's picture). */
  preview?: ReactNode
  className?: string
}

/**
 * The one file field: picked, sent with its progress, checked by content on the server, kept by
 * the id `onUploaded` receives; the file can be replaced and, where the form allows, removed.
 */
export function UploadField({
  id: buttonId,
  label,
  path,
  accept,
  maxBytes,
  tooLargeMessage,
  hint,
  fileId = null,
  error,
  onUploaded,
  onRemove,
  texts = {},
  uploadedText = (fileName) => `Hochgeladen: ${fileName}`,
  preview,
  className = 'space-y-2',
}: UploadFieldProps) {
  const id = useId()
  const { input, upload, start, reset } = useFileUpload({
    path,
    maxBytes,
    tooLargeMessage,
    onUploaded,
  })
  const shownError = upload.state === 'failed' ? upload.message : error
  const uploadedName = upload.state === 'idle' ? upload.fileName : null
  const uploaded = upload.state !== 'uploading' && (Boolean(fileId) || uploadedName !== null)

  return (
    <div className={className}>
      <span className="block text-sm font-medium text-ink">{label}</span>
      {uploaded && preview}
      <HiddenFileInput
        ref={input}
        id={`${id}-file`}
        accept={accept}
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
          {uploaded
            ? (texts.pickAnother ?? 'Andere Datei wählen')
            : (texts.upload ?? `${label} hochladen`)}
        </Button>
        {uploaded && uploadedText && (uploadedName || !preview) && (
          <span className="inline-flex items-center gap-1 text-sm text-success">
            <FileCheck className="size-4" aria-hidden="true" />
            {uploadedName ? uploadedText(uploadedName) : 'Datei liegt vor'}
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
            {texts.remove ?? 'Entfernen'}
          </Button>
        )}
      </div>
      <UploadMessages
        id={id}
        upload={upload}
        processingText="Wird geprüft …"
        hint={hint}
        error={shownError}
      />
    </div>
  )
}

/** The file-store routes that take a PDF, PNG or JPEG of at most 10 MB. */
export type DocumentUploadPath =
  | '/api/files/batch-certificates'
  | '/api/files/prescription-scans'
  | '/api/files/copayment-exemptions'

/** A document handed in (a CoA, a prescription scan, an exemption certificate). */
export function DocumentUpload(
  props: Omit<UploadFieldProps, 'path' | 'accept' | 'maxBytes' | 'hint'> & {
    path: DocumentUploadPath
  },
) {
  return (
    <UploadField
      {...props}
      accept="application/pdf,image/png,image/jpeg"
      maxBytes={10 * 1024 * 1024}
      hint="PDF, PNG oder JPEG, höchstens 10 MB."
    />
  )
}
