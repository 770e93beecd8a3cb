import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, createApiClient, unreachableMessage } from '~/lib/api-client'

const expiredBody = {
  status: 401,
  message: 'Die Sitzung ist abgelaufen. Bitte erneut anmelden.',
  requestId: 'req-401',
}

const json = (status: number, body: unknown) => Response.json(body, { status })

interface Exchange {
  path: string
  method: string
  headers: Headers
  body: BodyInit | null | undefined
  credentials: RequestCredentials | undefined
}

type Route = (exchange: Exchange) => Response | Promise<Response>

/**
 * A stand-in for the API that accepts only the newest access token it issued, as the server does
 * once a token has expired; routes may answer differently.
 */
function createFakeServer() {
  let issued = 1
  const exchanges: Exchange[] = []
  const routes = new Map<string, Route>()
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const exchange: Exchange = {
      path: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
    }
    exchanges.push(exchange)
    const route = routes.get(exchange.path)
    if (route) return route(exchange)
    if (exchange.headers.get('Authorization') !== `Bearer token-${issued}`) {
      return json(401, expiredBody)
    }
    return json(200, { path: exchange.path, token: `token-${issued}` })
  }
  return {
    fetch,
    exchanges,
    routes,
    /** Lets the current token expire and hands out its successor. */
    issueToken: () => `token-${++issued}`,
    tokensSent: () => exchanges.map((exchange) => exchange.headers.get('Authorization')),
  }
}

function setup({
  token = 'token-1',
  refresh,
}: {
  token?: string | null
  refresh?: (server: ReturnType<typeof createFakeServer>) => Promise<string | null>
} = {}) {
  const server = createFakeServer()
  const session = { token }
  const refreshAccessToken = vi.fn(async () => {
    const renewed = refresh ? await refresh(server) : server.issueToken()
    session.token = renewed
    return renewed
  })
  const onSessionLost = vi.fn()
  const api = createApiClient({
    getAccessToken: () => session.token,
    refreshAccessToken,
    onSessionLost,
    fetch: server.fetch,
  })
  return { server, session, api, refreshAccessToken, onSessionLost }
}

/** A promise the test settles itself, to hold a refresh or an answer open. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}

async function caught(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof ApiRequestError)) throw new Error(`expected an ApiRequestError: ${error}`)
  return error
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('requests', () => {
  it('sends the access token as bearer and answers the parsed JSON', async () => {
    const { api, server } = setup()
    await expect(api.request('/api/users/me')).resolves.toEqual({
      path: '/api/users/me',
      token: 'token-1',
    })
    const [exchange] = server.exchanges
    expect(exchange?.method).toBe('GET')
    expect(exchange?.headers.get('Authorization')).toBe('Bearer token-1')
    expect(exchange?.headers.get('Accept')).toBe('application/json')
    expect(exchange?.headers.has('Content-Type')).toBe(false)
    expect(exchange?.body).toBeUndefined()
    expect(exchange?.credentials).toBe('same-origin')
  })

  it('sends no Authorization header without a token', async () => {
    const { api, server } = setup({ token: null })
    server.routes.set('/api/tenant', () => json(200, { slug: 'sonnen-apotheke' }))
    await expect(api.request('/api/tenant')).resolves.toEqual({ slug: 'sonnen-apotheke' })
    expect(server.exchanges[0]?.headers.has('Authorization')).toBe(false)
  })

  it('sends a body as JSON', async () => {
    const { api, server } = setup()
    server.routes.set('/api/customers', () => json(201, { id: 7 }))
    await expect(
      api.request('/api/customers', { method: 'POST', body: { name: 'Erika' } }),
    ).resolves.toEqual({ id: 7 })
    const [exchange] = server.exchanges
    expect(exchange?.method).toBe('POST')
    expect(exchange?.headers.get('Content-Type')).toBe('application/json')
    expect(exchange?.body).toBe('{"name":"Erika"}')
  })

  it('answers undefined for 204 and an empty body', async () => {
    const { api, server } = setup()
    server.routes.set('/api/no-content', () => new Response(null, { status: 204 }))
    server.routes.set('/api/empty', () => new Response('', { status: 200 }))
    await expect(api.request('/api/no-content', { method: 'DELETE' })).resolves.toBeUndefined()
    await expect(api.request('/api/empty')).resolves.toBeUndefined()
  })
})

describe('failures', () => {
  it("throws the server's error body", async () => {
    const { api, server } = setup()
    server.routes.set('/api/customers', () =>
      json(400, {
        status: 400,
        message: 'Die Eingaben sind ungültig.',
        errors: { name: 'Bitte gib einen Namen ein.' },
        requestId: 'req-1',
      }),
    )
    const error = await caught(api.request('/api/customers', { method: 'POST', body: {} }))
    expect(error).toMatchObject({
      name: 'ApiRequestError',
      status: 400,
      message: 'Die Eingaben sind ungültig.',
      errors: { name: 'Bitte gib einen Namen ein.' },
      requestId: 'req-1',
    })
  })

  it('falls back to a German message when the body is no error body', async () => {
    const { api, server } = setup()
    server.routes.set(
      '/api/gateway',
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
    )
    server.routes.set('/api/odd', () => json(409, { detail: 'conflict' }))
    expect(await caught(api.request('/api/gateway'))).toMatchObject({
      status: 502,
      message: unreachableMessage,
    })
    expect(await caught(api.request('/api/odd'))).toMatchObject({
      status: 409,
      message: 'Die Anfrage ist fehlgeschlagen (Fehler 409).',
      errors: undefined,
    })
  })

  it('treats a network failure as 500', async () => {
    const { api, server } = setup()
    server.routes.set('/api/health', () => {
      throw new TypeError('fetch failed')
    })
    expect(await caught(api.request('/api/health'))).toMatchObject({
      status: 500,
      message: unreachableMessage,
    })
  })

  it('treats an unparseable success as 500', async () => {
    const { api, server } = setup()
    server.routes.set('/api/broken', () => new Response('{"cut', { status: 200 }))
    expect(await caught(api.request('/api/broken'))).toMatchObject({
      status: 500,
      message: unreachableMessage,
    })
  })

  it('rethrows an abort untouched', async () => {
    const controller = new AbortController()
    const { api, server } = setup()
    server.routes.set(
      '/api/slow',
      () =>
        new Promise((_resolve, reject) => {
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason))
        }),
    )
    const request = api.request('/api/slow', { signal: controller.signal })
    controller.abort()
    const error = await request.catch((reason: unknown) => reason)
    expect(error).toBe(controller.signal.reason)
    expect(error).toMatchObject({ name: 'AbortError' })
  })
})

describe('401 and the token refresh', () => {
  it('refreshes once and repeats the request with the new token', async () => {
    const { api, server, refreshAccessToken, onSessionLost } = setup({ token: 'token-0' })
    await expect(api.request('/api/users/me')).resolves.toEqual({
      path: '/api/users/me',
      token: 'token-2',
    })
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(server.tokensSent()).toEqual(['Bearer token-0', 'Bearer token-2'])
    expect(onSessionLost).not.toHaveBeenCalled()
  })

  it('refreshes when a request without a token gets a 401', async () => {
    const { api, server, refreshAccessToken } = setup({ token: null })
    await expect(api.request('/api/users/me')).resolves.toMatchObject({ token: 'token-2' })
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(server.tokensSent()).toEqual([null, 'Bearer token-2'])
  })

  it('lets five concurrent 401s share exactly one refresh', async () => {
    const release = deferred<void>()
    const { api, server, refreshAccessToken, onSessionLost } = setup({
      token: 'token-0',
      refresh: async (fake) => {
        await release.promise
        return fake.issueToken()
      },
    })
    const paths = ['/api/a', '/api/b', '/api/c', '/api/d', '/api/e']
    const requests = Promise.all(paths.map((path) => api.request(path)))
    // Every call has its 401 before the refresh is done.
    await vi.waitFor(() => expect(server.exchanges).toHaveLength(5))
    await vi.waitFor(() => expect(refreshAccessToken).toHaveBeenCalled())
    release.resolve()
    await expect(requests).resolves.toEqual(paths.map((path) => ({ path, token: 'token-2' })))
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(server.tokensSent()).toEqual([
      ...paths.map(() => 'Bearer token-0'),
      ...paths.map(() => 'Bearer token-2'),
    ])
    expect(onSessionLost).not.toHaveBeenCalled()
  })

  it('repeats a late 401 for an outdated token with the current one, without refreshing', async () => {
    const slowAnswer = deferred<void>()
    const { api, server, refreshAccessToken } = setup({ token: 'token-0' })
    server.routes.set('/api/slow', async (exchange) => {
      if (exchange.headers.get('Authorization') === 'Bearer token-0') {
        await slowAnswer.promise
        return json(401, expiredBody)
      }
      return json(200, { slow: true })
    })
    const slow = api.request('/api/slow')
    await expect(api.request('/api/fast')).resolves.toMatchObject({ token: 'token-2' })
    slowAnswer.resolve()
    await expect(slow).resolves.toEqual({ slow: true })
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(server.tokensSent()).toEqual([
      'Bearer token-0',
      'Bearer token-0',
      'Bearer token-2',
      'Bearer token-2',
    ])
  })

  it('ends the session when there is no refresh token', async () => {
    const { api, server, refreshAccessToken, onSessionLost } = setup({
      token: 'token-0',
      refresh: async () => null,
    })
    expect(await caught(api.request('/api/users/me'))).toMatchObject(expiredBody)
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(onSessionLost).toHaveBeenCalledTimes(1)
    expect(server.exchanges).toHaveLength(1)
  })

  it('ends the session when the refresh fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { api, server, onSessionLost } = setup({
      token: 'token-0',
      refresh: async () => {
        throw new TypeError('fetch failed')
      },
    })
    expect(await caught(api.request('/api/users/me'))).toMatchObject({ status: 401 })
    expect(onSessionLost).toHaveBeenCalledTimes(1)
    expect(server.exchanges).toHaveLength(1)
    expect(consoleError).toHaveBeenCalledOnce()
  })

  it('ends the session once when a shared refresh finds no refresh token', async () => {
    const { api, refreshAccessToken, onSessionLost } = setup({
      token: 'token-0',
      refresh: async () => null,
    })
    const results = await Promise.allSettled(
      ['/api/a', '/api/b', '/api/c'].map((path) => api.request(path)),
    )
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected'])
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 401 })
    }
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(onSessionLost).toHaveBeenCalledTimes(1)
  })

  it('ends the session when the repeated request is refused again, without a second refresh', async () => {
    const { api, server, refreshAccessToken, onSessionLost } = setup({ token: 'token-0' })
    server.routes.set('/api/users/me', () => json(401, expiredBody))
    expect(await caught(api.request('/api/users/me'))).toMatchObject(expiredBody)
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(onSessionLost).toHaveBeenCalledTimes(1)
    expect(server.tokensSent()).toEqual(['Bearer token-0', 'Bearer token-2'])
  })

  it('does not repeat a request again when the repeated one fails otherwise', async () => {
    const { api, server, refreshAccessToken, onSessionLost } = setup({ token: 'token-0' })
    server.routes.set('/api/orders', (exchange) => {
      if (exchange.headers.get('Authorization') === 'Bearer token-0') return json(401, expiredBody)
      throw new TypeError('fetch failed')
    })
    expect(await caught(api.request('/api/orders'))).toMatchObject({
      status: 500,
      message: unreachableMessage,
    })
    expect(server.exchanges).toHaveLength(2)
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(onSessionLost).not.toHaveBeenCalled()
  })
})

describe('fetch for server functions', () => {
  it('sends the bearer token and keeps the caller’s method, headers and body', async () => {
    const { api, server } = setup()
    const response = await api.fetch('/_serverFn/abc', {
      method: 'POST',
      headers: { 'x-tsr-serverfn': 'true' },
      body: '{"data":1}',
    })
    expect(response.status).toBe(200)
    const [exchange] = server.exchanges
    expect(exchange?.headers.get('Authorization')).toBe('Bearer token-1')
    expect(exchange?.headers.get('x-tsr-serverfn')).toBe('true')
    expect(exchange?.body).toBe('{"data":1}')
  })

  it('shares one refresh with REST calls on concurrent 401s and repeats each once', async () => {
    const release = deferred<void>()
    const { api, server, refreshAccessToken } = setup({
      token: 'token-0',
      refresh: async (fake) => {
        await release.promise
        return fake.issueToken()
      },
    })
    const restCall = api.request('/api/users/me')
    const serverFnCall = api.fetch('/_serverFn/list', { method: 'POST', body: '{}' })
    await vi.waitFor(() => expect(server.exchanges).toHaveLength(2))
    release.resolve()
    await expect(restCall).resolves.toEqual({ path: '/api/users/me', token: 'token-2' })
    expect((await serverFnCall).status).toBe(200)
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(server.tokensSent().slice(2)).toEqual(['Bearer token-2', 'Bearer token-2'])
  })

  it('answers the 401 and ends the session when no refresh is possible', async () => {
    const { api, onSessionLost } = setup({ token: 'token-0', refresh: async () => null })
    expect((await api.fetch('/_serverFn/list', { method: 'POST' })).status).toBe(401)
    expect(onSessionLost).toHaveBeenCalledTimes(1)
  })
})

describe('other transports (uploads with progress)', () => {
  /** A transport that is not fetch, accepting only the newest token like the fake server. */
  const transport = (current: () => string) =>
    vi.fn(async (token: string | null) => ({
      status: token === current() ? 201 : 401,
      token,
    }))

  it('shares one refresh with fetch calls on concurrent 401s and repeats the upload once', async () => {
    const release = deferred<void>()
    let newest = 'token-1'
    const { api, refreshAccessToken } = setup({
      token: 'token-0',
      refresh: async (fake) => {
        await release.promise
        newest = fake.issueToken()
        return newest
      },
    })
    const send = transport(() => newest)
    const upload = api.withSession(send)
    const restCall = api.request('/api/users/me')
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1))
    release.resolve()
    await expect(upload).resolves.toEqual({ status: 201, token: 'token-2' })
    await expect(restCall).resolves.toEqual({ path: '/api/users/me', token: 'token-2' })
    expect(refreshAccessToken).toHaveBeenCalledTimes(1)
    expect(send.mock.calls.map(([token]) => token)).toEqual(['token-0', 'token-2'])
  })

  it('answers the 401 and ends the session when no refresh is possible', async () => {
    const { api, onSessionLost } = setup({ token: 'token-0', refresh: async () => null })
    const send = transport(() => 'token-1')
    expect(await api.withSession(send)).toEqual({ status: 401, token: 'token-0' })
    expect(send).toHaveBeenCalledTimes(1)
    expect(onSessionLost).toHaveBeenCalledTimes(1)
  })
})
