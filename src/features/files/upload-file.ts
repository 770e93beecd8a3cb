import { type ApiClient, ApiRequestError, unreachableMessage } from '~/lib/api-client'

/**
 * Uploads one file to a file-store route (`/api/files/...`) as multipart field `file`, reporting
 * progress — which fetch cannot do for uploads, so this goes through XMLHttpRequest. The session's
 * access token goes along as with every API call; a 401 gets the API client's one shared refresh
 * and one repeat.
 */
export interface UploadOptions {
  /** The share sent so far, 0 … 1. */
  onProgress?: (share: number) => void
  signal?: AbortSignal
}

interface RawAnswer {
  status: number
  text: string
}

function send(path: string, file: File, token: string | null, options: UploadOptions) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', path)
    request.setRequestHeader('Accept', 'application/json')
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total)
    }
    request.onload = () => resolve({ status: request.status, text: request.responseText })
    request.onerror = () => reject(new ApiRequestError({ status: 0, message: unreachableMessage }))
    request.onabort = () =>
      reject(new DOMException('Das Hochladen wurde abgebrochen.', 'AbortError'))
    options.signal?.addEventListener('abort', () => request.abort(), { once: true })
    const body = new FormData()
    body.append('file', file)
    options.onProgress?.(0)
    request.send(body)
  })
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The stored file's id; any refusal throws an `ApiRequestError` with the server's message. */
export async function uploadFile(
  api: ApiClient,
  path: string,
  file: File,
  options: UploadOptions = {},
): Promise<{ id: string }> {
  const answer = await api.withSession((token) => send(path, file, token, options))
  const body = parsed(answer.text) as {
    id?: unknown
    message?: unknown
    errors?: Record<string, string>
  } | null
  if (answer.status >= 200 && answer.status < 300 && typeof body?.id === 'string') {
    options.onProgress?.(1)
    return { id: body.id }
  }
  throw new ApiRequestError({
    status: answer.status,
    message:
      typeof body?.message === 'string'
        ? body.message
        : `Das Hochladen ist fehlgeschlagen (Fehler ${answer.status}).`,
    errors: body?.errors,
  })
}
