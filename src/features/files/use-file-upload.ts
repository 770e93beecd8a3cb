import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { failureOf } from '~/lib/failure'
import { uploadFile } from './upload-file'

export type FileUpload =
  /** `fileName`: the file uploaded last, while the caller keeps it. */
  | { state: 'idle'; fileName: string | null }
  | { state: 'uploading'; share: number; fileName: string }
  | { state: 'failed'; message: string }

/**
 * The one upload state machine of the file pickers: size check before sending, progress, the
 * server's refusal as message, the picker cleared for the next file. `input` goes to the
 * `HiddenFileInput`, `start` to its `onFile`.
 */
export function useFileUpload({
  path,
  maxBytes,
  tooLargeMessage,
  onStart,
  onUploaded,
}: {
  /** The file-store route, e.g. `/api/files/batch-certificates`. */
  path: string
  /** The route's limit; checked here too, so a large file is not sent for nothing. */
  maxBytes: number
  tooLargeMessage: string
  /** Called once the file passed the size check and is being sent. */
  onStart?: (file: File) => void
  onUploaded: (fileId: string) => void | Promise<void>
}) {
  const { api } = useRouter().options.context
  const input = useRef<HTMLInputElement>(null)
  const running = useRef<AbortController | null>(null)
  const [upload, setUpload] = useState<FileUpload>({ state: 'idle', fileName: null })

  // Leaving the form stops an upload still running.
  useEffect(() => () => running.current?.abort(), [])

  async function start(file: File) {
    running.current?.abort()
    if (file.size > maxBytes) {
      setUpload({ state: 'failed', message: tooLargeMessage })
      return
    }
    const controller = new AbortController()
    running.current = controller
    setUpload({ state: 'uploading', share: 0, fileName: file.name })
    onStart?.(file)
    try {
      const stored = await uploadFile(api, path, file, {
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

  return {
    input,
    upload,
    start,
    /** Forgets the uploaded file, e.g. when the caller removes it from its form. */
    reset: () => setUpload({ state: 'idle', fileName: null }),
  }
}
