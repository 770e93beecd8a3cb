import { type Actor, actorFromAccessToken, scopeOfActor } from '../actor.server'
import type { App } from '../app.server'
import { getApp } from '../app.server'
import { bearerToken } from '../auth.server'
import type { Database } from '../db/client.server'
import { DomainError, InvalidError } from '../errors.server'
import { jsonResponse } from '../http.server'
import { actorOfRequest } from '../request-actor.server'
import { requestHost } from '../request-address.server'
import { tenantOfRequest } from '../tenants.server'
import { type OpenedFile, storeFile } from './file-store.server'
import { type UploadRoutePath, uploadRoutePurposes } from './upload-routes.server'

/** The HTTP side of the file store: reading an upload, and answering a stored file. */

export const missingFileMessage = 'Es ist keine Datei ausgewählt.'

/**
 * The file in the multipart field `field`: its bytes and the name the browser gave it. The edge
 * has read the body already, within the path's size limit (request-body.server.ts); what the
 * bytes are is the caller's question — the declared type is ignored, the name is only shown.
 */
export async function readUpload(
  request: Request,
  field = 'file',
): Promise<{ bytes: Uint8Array; name: string }> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw new DomainError(400, 'Die Anfrage enthält kein lesbares Formular mit einer Datei.')
  }
  const file = form.get(field)
  if (!(file instanceof File) || file.size === 0) {
    throw new InvalidError({ [field]: missingFileMessage })
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }
}

/** The bytes of the uploaded file in `field` (see `readUpload`). */
export async function readUploadedFile(request: Request, field = 'file'): Promise<Uint8Array> {
  return (await readUpload(request, field)).bytes
}

/**
 * Who asks for a file — the user of a valid bearer token, or null for anyone else; a stale token
 * counts as nobody rather than failing, so a public file still loads — and the database in that
 * viewer's scope (a visitor's: the host's shop, ADR 050).
 */
export async function viewerOf(
  app: App,
  request: Request,
  requestId: string,
): Promise<{ viewer: Actor | null; db: Database }> {
  const token = bearerToken(request)
  if (token) {
    try {
      const { actor, tenant } = await actorFromAccessToken(app, token, {
        host: requestHost(request),
        requestId,
      })
      return { viewer: actor, db: app.database.scoped(scopeOfActor(actor, tenant)) }
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 401)) throw error
    }
  }
  const tenant = await tenantOfRequest(app, request)
  return { viewer: null, db: app.database.scoped(scopeOfActor(null, tenant)) }
}

/** Whether an `If-None-Match` header names the entity tag `etag` (or `*`). */
function matchesEntityTag(header: string | null, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/**
 * `inline`, with the file's name where it has one: an ASCII fallback and the exact name in
 * RFC 6266's `filename*`, so a batch number with any character survives.
 */
export function inlineDisposition(fileName: string | null): string {
  if (!fileName) return 'inline'
  const ascii = fileName.replace(/[^\w.-]/g, '_')
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * A stored file as the answer to GET: its bytes and type, the SHA-256 as entity tag (304 when the
 * client has it), and — since a stored file never changes under its id — cached for a year where
 * the file is public. `nosniff` keeps browsers from reading the bytes as anything else.
 */
export async function storedFileResponse(request: Request, file: OpenedFile): Promise<Response> {
  const etag = `"${file.sha256}"`
  const headers = new Headers({
    ETag: etag,
    // A private file is asked for again each time: who may read it can change.
    'Cache-Control': file.public ? 'public, max-age=31536000, immutable' : 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  })
  if (matchesEntityTag(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers })
  }
  const bytes = await file.readBytes()
  headers.set('Content-Type', file.contentType)
  headers.set('Content-Length', String(bytes.byteLength))
  headers.set('Content-Disposition', inlineDisposition(file.fileName))
  return new Response(new Uint8Array(bytes), { status: 200, headers })
}

/**
 * The POST handler of the upload route at `path`: the bearer token's actor stores the multipart
 * field `file` for the route's purpose (the purpose decides who may) and gets `{ id }` back.
 */
export const storeUploadHandler =
  (path: UploadRoutePath) =>
  async ({ request, context }: { request: Request; context: { requestId: string } }) => {
    const purpose = uploadRoutePurposes[path]
    const app = await getApp()
    const { actor, db } = await actorOfRequest(app, request, context.requestId)
    const upload = await readUploadedFile(request)
    const file = await storeFile(actor, purpose, upload, db)
    return jsonResponse({ id: file.id }, { status: 201 })
  }
