import type { ApiErrorBody } from './auth-api'

/** The browser's client for the REST API under /api: bearer token, JSON, one shared token refresh. */

export const unreachableMessage =
  'Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.'
const sessionExpiredMessage = 'Die Sitzung ist abgelaufen. Bitte erneut anmelden.'

/** Statuses a gateway answers while the server itself is down or restarting. */
const gatewayStatuses = new Set([502, 503, 504])

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError'
  readonly status: number
  readonly errors?: Record<string, string>
  readonly requestId?: string

  constructor({ status, message, errors, requestId }: ApiErrorBody) {
    super(message)
    this.status = status
    this.errors = errors
    this.requestId = requestId
  }
}

export interface ApiClientOptions {
  /** The access token of the session, or null. */
  getAccessToken: () => string | null
  /** Exchanges the refresh cookie for a new access token (and stores it in the session); resolves null when there is no valid refresh token. */
  refreshAccessToken: () => Promise<string | null>
  /** Ends the session locally when a 401 cannot be recovered; called at most once per failed call. */
  onSessionLost: () => void | Promise<void>
  /** Defaults to globalThis.fetch. */
  fetch?: typeof fetch
}

export interface RequestOptions {
  method?: string
  /** Sent as JSON. */
  body?: unknown
  signal?: AbortSignal
}

export interface ApiClient {
  /** The parsed JSON answer (undefined when empty); any failure throws an ApiRequestError. */
  request<T>(path: string, init?: RequestOptions): Promise<T>
  /**
   * `fetch` with the session's bearer token: a 401 gets the one shared refresh and one repeat. The
   * server functions' auth middleware sends its calls through it.
   */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>
  /**
   * Runs a call of another transport (an upload through XMLHttpRequest, for its progress events)
   * with the session's access token: `send` gets the token; a 401 gets the same shared refresh and
   * one repeat as `fetch`.
   */
  withSession<TAnswer extends { status: number }>(
    send: (accessToken: string | null) => Promise<TAnswer>,
  ): Promise<TAnswer>
}

const unreachable = () => new ApiRequestError({ status: 500, message: unreachableMessage })

function fallbackMessage(status: number): string {
  if (status === 401) return sessionExpiredMessage
  if (gatewayStatuses.has(status)) return unreachableMessage
  return `Die Anfrage ist fehlgeschlagen (Fehler ${status}).`
}

function parseJson(text: string): { value: unknown } | null {
  if (text === '') return { value: undefined }
  try {
    return { value: JSON.parse(text) }
  } catch {
    return null
  }
}

/**
 * The server's error answer, or a generic one for its status. The schema (and zod with it) loads
 * with the first failed call instead of with every page; when it cannot be loaded (the server is
 * down), the generic answer stands.
 */
async function errorBodyOf(status: number, value: unknown): Promise<ApiErrorBody> {
  const body = await import('./auth-api').then(
    ({ apiErrorSchema }) => apiErrorSchema.safeParse(value),
    () => null,
  )
  // The HTTP status decides, so `status` always matches what the 401 handling saw.
  return body?.success ? { ...body.data, status } : { status, message: fallbackMessage(status) }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // Looked up per call, so a fetch replaced after creation (tests, polyfills) is used.
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  let refreshing: Promise<string | null> | null = null

  function withBearer(init: RequestInit, token: string | null): RequestInit {
    const headers = new Headers(init.headers)
    if (token) headers.set('Authorization', `Bearer ${token}`)
    else headers.delete('Authorization')
    return { ...init, headers }
  }

  async function withSession<TAnswer extends { status: number }>(
    send: (accessToken: string | null) => Promise<TAnswer>,
  ): Promise<TAnswer> {
    const sentToken = options.getAccessToken()
    const first = await send(sentToken)
    if (first.status !== 401) return first
    const token = await tokenAfter401(sentToken)
    if (!token) return first
    const repeated = await send(token)
    if (repeated.status === 401) await loseSession()
    return repeated
  }

  function fetchWithSession(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    return withSession((token) => fetchFn(input, withBearer(init, token)))
  }

  async function request(path: string, init: RequestOptions): Promise<unknown> {
    let response: Response
    let text: string
    try {
      response = await fetchWithSession(path, {
        method: init.method ?? 'GET',
        headers: {
          Accept: 'application/json',
          ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'same-origin',
        signal: init.signal,
      })
      text = await response.text()
    } catch (error) {
      if (init.signal?.aborted) throw error
      throw unreachable()
    }
    const parsed = parseJson(text)
    if (response.ok) {
      if (!parsed) throw unreachable()
      return parsed.value
    }
    throw new ApiRequestError(await errorBodyOf(response.status, parsed?.value))
  }

  async function loseSession(): Promise<void> {
    try {
      await options.onSessionLost()
    } catch (error) {
      console.error('Die Sitzung konnte nicht beendet werden.', error)
    }
  }

  /** One refresh for all waiting callers; a failed one ends the session once, not per caller. */
  async function refresh(): Promise<string | null> {
    const token = await options.refreshAccessToken().catch((error: unknown) => {
      console.error('Die Sitzung konnte nicht erneuert werden.', error)
      return null
    })
    if (!token) await loseSession()
    return token
  }

  /** The token to repeat a request with after it got a 401 for `sentToken`; null when the session is gone. */
  function tokenAfter401(sentToken: string | null): Promise<string | null> {
    const current = options.getAccessToken()
    // Another refresh already replaced the token this request was sent with.
    if (!refreshing && current !== null && current !== sentToken) return Promise.resolve(current)
    refreshing ??= refresh().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  return {
    request: async <T>(path: string, init: RequestOptions = {}) => (await request(path, init)) as T,
    fetch: fetchWithSession,
    withSession,
  }
}
