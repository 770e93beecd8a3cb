import { FileCheck, FileUp } from 'lucide-react'
import { useId } from 'react'
import { HiddenFileInput } from '../../files/HiddenFileInput'
import { UploadMessages, uploadDescribedBy } from '../../files/UploadProgress'
import { useFileUpload } from '../../files/use-file-upload'
import { Button } from '../../ui/buttons'

/**
 * A document the customer hands in at checkout (the prescription scan, an exemption certificate):
 * picked, sent with its progress, checked by content on the server, kept by id.
 */
export function EvidenceUpload({
  fieldId,
  label,
  path,
  tooLargeMessage,
  fileId,
  error,
  onUploaded,
}: {
  fieldId: string
  label: string
  path: '/api/files/prescription-scans' | '/api/files/copayment-exemptions'
  tooLargeMessage: string
  fileId: string
  error: string | null
  onUploaded: (fileId: string) => void
}) {
  const id = useId()
  const { input, upload, start } = useFileUpload({
    path,
    maxBytes: 10 * 1024 * 1024,
    tooLargeMessage,
    onUploaded,
  })
  const shownError = upload.state === 'failed' ? upload.message : error
  const uploaded = upload.state !== 'uploading' && fileId !== ''
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
          id={fieldId}
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
            {upload.state === 'idle' && upload.fileName
              ? `Hochgeladen: ${upload.fileName}`
              : 'Datei liegt vor'}
          </span>
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
