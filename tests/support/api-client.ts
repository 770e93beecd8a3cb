import { request } from 'node:http'
import { exportJWK, generateKeyPair } from 'jose'

export interface ApiCall {
  method?: string
  body?: unknown
  /** Raw body text; sent as is with the given content type. */
  rawBody?: string
  contentType?: string
  token?: string
  /** Host header, e.g. `sonnen-apotheke.localhost` for a tenant's shop. */
  host?: string
  headers?: Record<string, string>
}

// biome-ignore lint/suspicious/noExplicitAny: tests assert answer bodies field by field
export interface ApiAnswer<Body = any> {
  status: number
  headers: Headers
  body: Body
}

/** One HTTP call against a test server; answers the parsed JSON body (or text when not JSON). */
// biome-ignore lint/suspicious/noExplicitAny: tests assert answer bodies field by field
export async function callApi<Body = any>(
  baseUrl: string,
  path: string,
  call: ApiCall = {},
): Promise<ApiAnswer<Body>> {
  const headers: Record<string, string> = { ...call.headers }
  if (call.token) headers.authorization = `Bearer ${call.token}`
  if (call.host) headers.host = `${call.host}:${new URL(baseUrl).port}`
  let body: string | undefined
  if (call.rawBody !== undefined) {
    body = call.rawBody
    if (call.contentType) headers['content-type'] = call.contentType
  } else if (call.body !== undefined) {
    body = JSON.stringify(call.body)
    headers['content-type'] = call.contentType ?? 'application/json'
  }
  // node:http rather than fetch: fetch silently drops a custom Host header, and tenants live in it.
  const answer = await new Promise<{ status: number; headers: Headers; text: string }>(
    (resolve, reject) => {
      const outgoing = request(
        `${baseUrl}${path}`,
        { method: call.method ?? (body === undefined ? 'GET' : 'POST'), headers },
        (incoming) => {
          const chunks: Buffer[] = []
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
          incoming.on('end', () => {
            const responseHeaders = new Headers()
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (value !== undefined) responseHeaders.set(name, String(value))
            }
            resolve({
              status: incoming.statusCode ?? 0,
              headers: responseHeaders,
              text: Buffer.concat(chunks).toString('utf8'),
            })
          })
          incoming.on('error', reject)
        },
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    },
  )
  let parsed: unknown = answer.text
  if (answer.headers.get('content-type')?.includes('json')) parsed = JSON.parse(answer.text)
  return { status: answer.status, headers: answer.headers, body: parsed as Body }
}

/** A fresh Ed25519 signing key as AUTH_PRIVATE_JWK, so a test can also sign tokens the server trusts. */
export async function generatePrivateJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
  return JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'test-key' })
}

/** A multipart upload as a browser sends it: field `file` with the declared type and name. */
export async function uploadOver(
  baseUrl: string,
  path: string,
  bytes: Uint8Array,
  { token, type, name }: { token?: string; type: string; name: string },
) {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  })
  return { status: response.status, body: await response.json() }
}

/** The access token of a business user's login over the API. */
export async function accessTokenOf(baseUrl: string, username: string, password: string) {
  const answer = await callApi(baseUrl, '/api/auth/b2b/login', { body: { username, password } })
  if (answer.status !== 200) throw new Error(`login of ${username} answered ${answer.status}`)
  return answer.body.accessToken as string
}
