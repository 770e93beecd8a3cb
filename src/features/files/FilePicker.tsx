import { FileUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../ui/buttons'
import { HiddenFileInput } from './HiddenFileInput'
import { UploadMessages, uploadDescribedBy } from './UploadProgress'
import type { useFileUpload } from './use-file-upload'

/**
 * A file chosen to be read in at once (a product list, a bank statement): the hidden picker, the
 * button that opens it, and under it the progress, which files it takes, and the refusal.
 */
export function FilePicker({
  id,
  accept,
  control: { input, upload, start },
  processingText,
  hint,
}: {
  id: string
  accept: string
  control: ReturnType<typeof useFileUpload>
  /** What the server does once the file is sent, e.g. "Die Datei wird geprüft …". */
  processingText: string
  hint: ReactNode
}) {
  const error = upload.state === 'failed' ? upload.message : null
  return (
    <>
      <HiddenFileInput
        ref={input}
        id={`${id}-file`}
        accept={accept}
        onFile={(file) => void start(file)}
      />
      <Button
        aria-describedby={uploadDescribedBy(id, error)}
        onClick={() => input.current?.click()}
        pending={upload.state === 'uploading'}
      >
        <FileUp className="size-4" aria-hidden="true" />
        Datei auswählen
      </Button>
      <UploadMessages
        id={id}
        upload={upload}
        processingText={processingText}
        hint={hint}
        error={error}
      />
    </>
  )
}
