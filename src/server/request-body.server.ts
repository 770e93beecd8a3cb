import { maxStatementFileBytes, statementFileTooLargeMessage } from '../lib/bank-statements'
import { importFileTooLargeMessage, maxImportFileBytes } from '../lib/product-import-state'
import { uploadRoutePurposes, uploadSizeLimits } from './files/upload-routes.server'
import { errorResponse, hasBody, maxJsonBodyBytes } from './http.server'
import { refuseServerFunctionCall } from './server-fn-gate.server'

const serverFunctionBase = process.env.TSS_SERVER_FN_BASE

/** Whether a request calls a server function over HTTP (not a page render calling it in-process). */
export const isServerFunctionPath = (pathname: string): boolean =>
  Boolean(serverFunctionBase && pathname.startsWith(serverFunctionBase))

export interface BodyLimit {
  bytes: number
  /** What the refusal says; the generic size message otherwise. */
  message?: string
}

/** Multipart framing around an uploaded file (boundaries, part headers, small fields). */
const multipartOverhead = 64 * 1024

/** Uploads, by path: the file's own limit, and the message that names it. */
const uploadLimits: Record<string, BodyLimit> = {
  '/api/admin/product-imports': {
    bytes: maxImportFileBytes + multipartOverhead,
    message: importFileTooLargeMessage,
  },
  '/api/payments/bank-statements': {
    bytes: maxStatementFileBytes + multipartOverhead,
    message: statementFileTooLargeMessage,
  },
  ...Object.fromEntries(
    Object.entries(uploadRoutePurposes).map(([path, purpose]) => {
      const { maxBytes, tooLargeMessage } = uploadSizeLimits[purpose]
      return [path, { bytes: maxBytes + multipartOverhead, message: tooLargeMessage }]
    }),
  ),
}

/**
 * The largest request body a path accepts. Every body is read here, at the edge, before any
 * handler runs; a route that takes uploads declares its larger limit in this one place.
 */
export function bodyLimitFor(pathname: string): BodyLimit {
  if (isServerFunctionPath(pathname)) return { bytes: 64 * 1024 }
  return uploadLimits[pathname] ?? { bytes: maxJsonBodyBytes }
}

function tooLarge(limit: BodyLimit): Response {
  const message =
    limit.message ?? `Die Anfrage ist zu groß (höchstens ${Math.floor(limit.bytes / 1024)} KiB).`
  return errorResponse(413, message, {
    // The rest of the body stays unread: closing the connection is the only way not to read it.
    headers: { Connection: 'close' },
  })
}

/** Reads the stream up to `limit` bytes; null as soon as it holds more (the rest is not read). */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
}

/** The same request with its body already read, keeping what the edge resolved (`ip`, URL). */
function withBody(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  const buffered = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  })
  const { ip } = request as Request & { ip?: string }
  if (ip) Object.defineProperty(buffered, 'ip', { value: ip, enumerable: true })
  return buffered
}

/**
 * Admits a request at the edge: its body is read at most up to the path's limit (413 beyond it,
 * for a declared length before reading anything), and a server-function call must name a
 * function and carry a well-formed input (server-fn-gate.server.ts), so no handler ever meets
 * either. Answers the request to hand on, or the refusal.
 */
export async function admitRequest(request: Request, url: URL): Promise<Request | Response> {
  const isServerFunction = isServerFunctionPath(url.pathname)
  let body: Uint8Array<ArrayBuffer> | null = null
  // A GET call's input is its `payload` parameter; Start reads no body then.
  if (hasBody(request) && request.body && !(isServerFunction && request.method === 'GET')) {
    const limit = bodyLimitFor(url.pathname)
    if (Number(request.headers.get('content-length') ?? 0) > limit.bytes) return tooLarge(limit)
    body = await readAtMost(request.body, limit.bytes)
    if (!body) return tooLarge(limit)
  }
  if (isServerFunction) {
    const id = url.pathname.slice(serverFunctionBase?.length).split('/')[0] ?? ''
    const refusal = await refuseServerFunctionCall(request, url, id, body)
    if (refusal) return refusal
  }
  return body ? withBody(request, body) : request
}
