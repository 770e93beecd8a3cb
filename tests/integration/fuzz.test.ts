import { Agent, request } from 'node:http'
import path from 'node:path'
import { defaultSerovalPlugins, makeSerovalPlugin } from '@tanstack/react-router/ssr/client'
import pLimit from 'p-limit'
import { fromCrossJSON, toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failureSerialization } from '~/features/server-fn/failure-serialization'
import { type Failure, FailureError } from '~/lib/failure'
import { invalidInputMessage } from '~/server/errors.server'
import { callApi } from '../support/api-client'
import { testDatabaseKinds } from '../support/databases'
import {
  builtServerFunctionIds,
  restRoutes,
  type ServerFunction,
  serverFunctions,
} from '../support/endpoints'
import { startTestServer, type TestServer } from '../support/server'

/**
 * Sends malformed input to every server function and every REST route of the production build,
 * as a visitor, a shop customer and business users, the way a browser would (CSRF headers,
 * bearer token). Nothing may answer 5xx or show internal text; every server function must
 * refuse bad input in its own validator (400 with field errors), not only in the checks before.
 */

const shopHost = 'sonnen-apotheke.localhost'
const mainHost = 'localhost'
const unknownId = '00000000-0000-4000-8000-00000000fe11'

const projectRoot = path.resolve(import.meta.dirname, '../..')

/** What an answer must never show: stacks, runtime errors, SQL, the server's files. */
const internalText = new RegExp(
  [
    /Seroval|Cannot read propert|TypeError|ReferenceError|RangeError|SyntaxError|is not a function/,
    /Invalid time value|Invariant failed|Server function|\bstack\b|\bat .+:\d+:\d+/,
    /node_modules|dist\/server|file:\/\//,
    /Failed query|PostgreSQL|PGlite|relation "|column "|syntax error|invalid byte sequence/,
    /invalid input syntax|violates|out of range|duplicate key/,
  ]
    .map((pattern) => pattern.source)
    .concat(projectRoot.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|'),
  'i',
)

interface Role {
  name: string
  host: string
  token?: string
}

interface Answer {
  status: number
  contentType: string
  headers: Record<string, string | string[] | undefined>
  text: string
  /** The failure a server function answered, as the browser reads it; null for anything else. */
  failure: Failure | null
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 })

/**
 * One request; reads at most 256 KiB of the answer (a stream of events or a large file stops
 * there), since only the status and the start of an error matter.
 */
function send(
  baseUrl: string,
  role: Role,
  target: string,
  call: { method: string; body?: string | Buffer; headers?: Record<string, string> },
): Promise<Answer> {
  const port = new URL(baseUrl).port
  const headers: Record<string, string> = {
    host: `${role.host}:${port}`,
    origin: `http://${role.host}:${port}`,
    'sec-fetch-site': 'same-origin',
    ...call.headers,
  }
  if (role.token) headers.authorization = `Bearer ${role.token}`
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}${target}`,
      { method: call.method, headers, agent },
      (incoming) => {
        const chunks: Buffer[] = []
        let size = 0
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers['content-type'] ?? ''),
            headers: incoming.headers,
            text,
            failure: incoming.headers['x-tss-serialized'] ? failureIn(text) : null,
          })
        }
        // A stream of events does not end: its status is the answer.
        if (incoming.headers['content-type']?.includes('event-stream')) {
          incoming.destroy()
          done()
          return
        }
        incoming.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          if (size > 256 * 1024) {
            incoming.destroy()
            done()
          }
        })
        incoming.on('end', done)
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed meanwhile: the request never reached it.
      if (outgoing.reusedSocket && error.code === 'ECONNRESET') {
        send(baseUrl, role, target, call).then(resolve, reject)
      } else reject(new Error(`${call.method} ${target.slice(0, 120)}: ${error.message}`))
    })
    outgoing.end(call.body)
  })
}

const failurePlugins = [makeSerovalPlugin(failureSerialization), ...defaultSerovalPlugins]

function failureIn(text: string): Failure | null {
  try {
    const value = fromCrossJSON(JSON.parse(text), {
      refs: new Map(),
      plugins: failurePlugins,
    })
    const error = (value as { error?: unknown } | null)?.error
    return error instanceof FailureError ? error.toFailure() : null
  } catch {
    return null
  }
}

/** A refusal by the function's own validator: 400, the input message, field errors. */
function isValidationRefusal({ status, failure }: Answer): boolean {
  return (
    status === 400 &&
    failure?.status === 400 &&
    failure.message === invalidInputMessage &&
    Object.keys(failure.errors ?? {}).length > 0
  )
}

/** Zod's own (English) messages, which no schema should leave to a German user. */
const defaultSchemaMessage = /\b(expected|received|Invalid input|Required)\b/

function englishMessagesOf({ failure }: Answer): string[] {
  return failure
    ? [failure.message, ...Object.values(failure.errors ?? {})].filter((message) =>
        defaultSchemaMessage.test(message),
      )
    : []
}

// --- The corpus ---------------------------------------------------------------------------

const nul = 'Kim\u0000Kunde'

/** Names the app's inputs use; each malformed object sets all of them. */
const inputKeys = [
  ...['id', 'q', 'page', 'pageSize', 'sort', 'dir', 'from', 'to', 'day', 'year', 'document'],
  ...['organisation', 'organisationId', 'actor', 'action', 'entity', 'entityId', 'event'],
  ...['older', 'newer', 'chart', 'category', 'status', 'kind', 'active', 'token', 'email'],
  ...['password', 'repeat', 'currentPassword', 'username', 'accountType', 'identifier', 'name'],
  ...['phone', 'customerId', 'supplierId', 'batchId', 'bulkBatchId', 'orderId', 'userId'],
  ...['invitationId', 'coaFileId', 'quantity', 'targetNetMg', 'version', 'revision', 'reason'],
  ...['productRevision', 'role', 'apiKey', 'customDomain', 'testNumber', 'handled', 'lines'],
  ...['paymentStatus', 'receiptsReleased', 'privacyConsent', 'order', 'customer', 'product'],
  ...['changes', 'supplier', 'receipt', 'mapping', 'letterhead', 'profile', 'config', 'body'],
  ...['invitation', 'address', 'weights', 'prescription', 'picks'],
]

const everyKey = (value: (index: number) => unknown) =>
  Object.fromEntries(inputKeys.map((key, index) => [key, value(index)]))

const wrongTypes = [{ id: {} }, 1e308, -1, null, new Date(Number.NaN), true, [nul], 'y'.repeat(400)]

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

const serialized = async (payload: unknown) => JSON.stringify(await toJSONAsync(payload))

/** Calls with each input as Start's client sends it: `[what, payload]`. */
const calls = (inputs: [string, unknown][]) =>
  Promise.all(
    inputs.map(
      async ([what, data]): Promise<[string, string]> => [what, await serialized({ data })],
    ),
  )

/** Inputs of the wrong shape: every function's validator must refuse the first. */
const malformedCalls = await calls([
  ['null', null],
  ['a string with NUL', nul],
  ['a 10 KB string', 'x'.repeat(10_000)],
  ['deep nesting', deeplyNested(900)],
  ['every key NUL', everyKey(() => nul)],
  ['every key of another type', everyKey((index) => wrongTypes[index % wrongTypes.length])],
])

/**
 * Inputs of a plausible shape with values at the edges: they may pass the validator and reach
 * the services of the roles that may call them. The first passes most validators, so a 401 or
 * 403 for it means the role may not call the function at all.
 */
const edgeCalls = await calls([
  ['unknown ids', everyKey(() => unknownId)],
  ['far future days', { from: '9999-12-31', to: '9999-12-31', day: '9999-12-31' }],
  ['far past days', { from: '0000-01-01', to: '0001-01-01', day: '2026-02-30' }],
  ['a search with NUL', { q: nul, supplierId: unknownId }],
  [
    'huge numbers and a long search',
    {
      page: 2 ** 53,
      pageSize: 2 ** 31,
      year: 275_761,
      targetNetMg: 1e308,
      q: '%_\\'.repeat(2_000),
    },
  ],
])

/** Payloads a browser never sends: each is the whole body or `payload` parameter. */
const rawPayloads: [string, string][] = [
  ['JSON null', 'null'],
  ['JSON that is no call', '{"data":{"id":1}}'],
  ['a broken call', '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":99}]},"o":0},"f":127,"m":[]}'],
  [
    'a call nested too deep',
    `{"t":${'{"t":9,"i":0,"a":['.repeat(3_000)}{"t":2,"s":0}${']}'.repeat(3_000)},"f":127,"m":[]}`,
  ],
  ['a context of the wrong type', await serialized({ data: null, context: 'x' })],
  ['a token of the wrong type', await serialized({ context: { renderAccessToken: 42 } })],
]

const otherBodies: { type: string; body: string }[] = [
  { type: 'text/plain', body: 'hello' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' },
  {
    type: 'multipart/form-data; boundary=x',
    body: `--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0000\r\n--x--\r\n`,
  },
]

// --- REST ---------------------------------------------------------------------------------

const pathValues: Record<string, string[]> = {
  $accountType: ['b2b', 'b2c', 'x%00y'],
  $id: [unknownId, 'x%00y', 'a'.repeat(300), '..%2F..%2Fetc'],
  $: ['x/y%00', ''],
}

function concretePaths(route: string): [string, ...string[]] {
  const param = /\/(\$\w*)(?=\/|$)/.exec(route)?.[1]
  if (!param) return [route]
  const [first = unknownId, ...others] = pathValues[param] ?? []
  return [route.replace(param, first), ...others.map((value) => route.replace(param, value))]
}

/** Valid values of the params that must be right before the others are read. */
const anchors = 'chart=revenue&format=csv&year=2026'
const query = (values: Record<string, string>) => `${anchors}&${new URLSearchParams(values)}`
const textParams = ['q', 'organisation', 'actor', 'action', 'entity', 'entityId', 'category']
const everyText = (value: string) => Object.fromEntries(textParams.map((key) => [key, value]))

const queries: string[] = [
  query({ from: '9999-12-31', to: '9999-12-31' }),
  query({ from: '0000-01-01', to: '2026-02-30' }),
  query({ year: '275761', format: 'pdf' }),
  query({ year: '-1', page: '1e308', pageSize: 'NaN' }),
  query(everyText(nul)),
  `chart=revenue&chart=channels&year=1&year=2&q=${'z'.repeat(3_000)}&q=%E0%A4%A&from=%FF`,
]

const jsonBodies: string[] = [
  'null',
  '[]',
  '{"x":',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  JSON.stringify(everyKey(() => nul)),
  JSON.stringify(everyKey((index) => wrongTypes[index % wrongTypes.length])),
]

type Call = Parameters<typeof send>[3]

/** The corpus of one method, as target suffix and call: the first tells whether a role gets further. */
function restCalls(method: string): { search: string; call: Call }[] {
  if (method === 'GET') {
    return ['', ...queries.map((search) => `?${search}`)].map((search) => ({
      search,
      call: { method },
    }))
  }
  const json = { 'content-type': 'application/json' }
  return [
    { search: '', call: { method, body: '{}', headers: json } },
    ...jsonBodies.map((body) => ({ search: '', call: { method, body, headers: json } })),
    ...otherBodies.map(({ type, body }) => ({
      search: '',
      call: { method, body, headers: { 'content-type': type } },
    })),
  ]
}

// --- The test -----------------------------------------------------------------------------

describe.each(testDatabaseKinds)('fuzzing every entry on %s', (kind) => {
  let server: TestServer
  const visitor: Role = { name: 'visitor', host: shopHost }
  let customer: Role
  let business: [Role, ...Role[]]
  const limit = pLimit(8)
  const problems: string[] = []

  /** Records a 5xx, internal text or a schema's English message in the answer. */
  function check(what: string, answer: Answer) {
    if (answer.status >= 500) {
      problems.push(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`)
    } else if (!answer.contentType.startsWith('text/html') && internalText.test(answer.text)) {
      problems.push(`${what}: shows internal text: ${answer.text.slice(0, 300)}`)
    } else if (englishMessagesOf(answer).length > 0) {
      problems.push(`${what}: answers in English: ${englishMessagesOf(answer).join(' | ')}`)
    }
  }

  async function logIn(name: string, username: string, password: string): Promise<Role> {
    const answer = await callApi(server.baseUrl, '/api/auth/b2b/login', {
      body: { username, password },
    })
    return { name, host: mainHost, token: answer.body.accessToken }
  }

  beforeAll(async () => {
    server = await startTestServer(kind)
    const shopLogin = await callApi(server.baseUrl, '/api/auth/b2c/login', {
      host: shopHost,
      body: { email: 'kunde@example.com', password: 'kunde-demo-2026' },
    })
    customer = { name: 'shop customer', host: shopHost, token: shopLogin.body.accessToken }
    business = await Promise.all([
      logIn('platform admin', 'admin', 'admin-demo-2026'),
      logIn('pharmacy owner', 'apotheke', 'apotheke-demo-2026'),
      logIn('club owner', 'verein', 'verein-demo-2026'),
    ])
  })
  afterAll(async () => {
    agent.destroy()
    await server?.stop()
  })

  it('enumerates the same server functions as the build has', () => {
    const ids = serverFunctions().map((fn) => fn.path.slice('/_serverFn/'.length))
    expect(ids.length).toBeGreaterThan(100)
    expect(ids.sort()).toEqual(builtServerFunctionIds())
  })

  it('refuses malformed calls to every server function in its validator, never with a 5xx', async () => {
    problems.length = 0
    const functions = serverFunctions()
    const [admin] = business
    const refusedBy = new Map<string, Set<string>>()
    const statusesOf = new Map<string, number[]>()

    /** One call the way Start's client makes it: GET with `payload`, POST with a JSON body. */
    const call = async (fn: ServerFunction, role: Role, payload: string, what: string) => {
      const target =
        fn.method === 'GET' ? `${fn.path}?payload=${encodeURIComponent(payload)}` : fn.path
      const answer = await send(server.baseUrl, role, target, {
        method: fn.method,
        headers: {
          'x-tsr-serverfn': 'true',
          ...(fn.method === 'POST' && { 'content-type': 'application/json' }),
        },
        ...(fn.method === 'POST' && { body: payload }),
      })
      check(`${fn.name} as ${role.name} with ${what}`, answer)
      return answer
    }
    /** Calls with each input in turn, until `enough` says so. */
    const callWith = async (
      fn: ServerFunction,
      role: Role,
      corpus: [string, string][],
      enough: (answer: Answer) => boolean = () => false,
    ) => {
      for (const [what, payload] of corpus) {
        const answer = await call(fn, role, payload, what)
        const key = `${fn.name} as ${role.name}`
        statusesOf.set(key, [...(statusesOf.get(key) ?? []), answer.status])
        if (isValidationRefusal(answer)) {
          refusedBy.set(fn.name, (refusedBy.get(fn.name) ?? new Set()).add(role.name))
        }
        if (enough(answer)) return
      }
    }

    const tasks: (() => Promise<void>)[] = []
    for (const fn of functions) {
      // Validators do not depend on the caller: the whole corpus once, as a role every function
      // admits; enough of it as the others to show that they reach the validator too.
      tasks.push(() => callWith(fn, admin, malformedCalls))
      for (const role of [visitor, customer]) {
        tasks.push(() => callWith(fn, role, malformedCalls.slice(0, 1)))
      }
      // Plausible input reaches the services. A role refused once is refused for all of it, and
      // a function that takes no object refuses all of it.
      for (const role of [customer, ...business]) {
        tasks.push(() =>
          callWith(
            fn,
            role,
            edgeCalls,
            ({ status, failure }) =>
              status === 401 || status === 403 || failure?.errors?._ !== undefined,
          ),
        )
      }
      tasks.push(async () => {
        for (const [what, payload] of rawPayloads) {
          // Node refuses a longer URL itself (431).
          if (fn.method === 'GET' && payload.length > 8_000) continue
          await call(fn, visitor, payload, what)
        }
        // The other method, form bodies, a body of another type, no Start client header.
        for (const other of [
          { method: fn.method === 'GET' ? 'POST' : 'GET' },
          ...otherBodies.map(({ type, body }) => ({
            method: 'POST',
            body,
            headers: { 'content-type': type },
          })),
          { method: fn.method },
        ]) {
          const answer = await send(server.baseUrl, visitor, fn.path, other)
          check(`${fn.name} with ${JSON.stringify(other)}`, answer)
        }
      })
    }
    for (const target of [
      '/_serverFn/',
      '/_serverFn/0',
      `/_serverFn/${'f'.repeat(64)}`,
      '/_serverFn/%00',
    ]) {
      for (const method of ['GET', 'POST']) {
        const answer = await send(server.baseUrl, customer, target, { method })
        check(`${method} ${target}`, answer)
        if (answer.status !== 404) problems.push(`${method} ${target}: ${answer.status}, not 404`)
      }
    }
    await Promise.all(tasks.map((task) => limit(task)))

    // Every role the function's middleware admits reached its validator: the logged-in ones
    // always, visitors unless the function wants a login (401 to each of their calls).
    const unreached: string[] = []
    for (const fn of functions) {
      const refused = refusedBy.get(fn.name) ?? new Set()
      const loginFirst = (statusesOf.get(`${fn.name} as ${visitor.name}`) ?? []).every(
        (status) => status === 401,
      )
      for (const role of [customer, admin, ...(loginFirst ? [] : [visitor])]) {
        if (!refused.has(role.name)) unreached.push(`${fn.name} as ${role.name}`)
      }
    }
    expect({ problems, unreached }).toEqual({ problems: [], unreached: [] })
  }, 120_000)

  it('answers malformed requests to every REST route without a 5xx or internal text', async () => {
    problems.length = 0
    /**
     * Sends the method's corpus as `role` — only its first request when `all` is false or the
     * role does not get past the login — and the first to the route's other paths. Answers
     * whether the role got past the login.
     */
    const fuzzAs = async (role: Role, paths: string[], method: string, all: boolean) => {
      const [path, ...otherPaths] = paths
      const [first, ...others] = restCalls(method)
      if (!path || !first) throw new Error('nothing to send')
      const attempt = async (target: string, call: Call) => {
        const answer = await send(server.baseUrl, role, target, call)
        check(`${method} ${target} ${call.body?.slice(0, 60) ?? ''} as ${role.name}`, answer)
        return answer
      }
      const { status } = await attempt(`${path}${first.search}`, first.call)
      const admitted = status !== 401 && status !== 403
      if (admitted && all) {
        for (const { search, call } of others) await attempt(`${path}${search}`, call)
      }
      for (const other of otherPaths) await attempt(other, first.call)
      return admitted
    }

    const batches: (() => Promise<void>)[][] = [[], []]
    for (const route of restRoutes()) {
      const paths = concretePaths(route)
      // The route's methods, from its 405 to a method no route has.
      const probe = await send(server.baseUrl, visitor, paths[0], { method: 'OPTIONS' })
      const allowed = String(probe.headers.allow ?? 'GET')
        .split(', ')
        .filter((method) => method !== 'HEAD')
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (allowed.includes(method)) continue
        batches[0]?.push(async () => {
          check(`${method} ${paths[0]}`, await send(server.baseUrl, visitor, paths[0], { method }))
        })
      }
      for (const method of allowed) {
        // A DELETE may end the very session the other requests use (logout): those go last.
        batches[method === 'DELETE' ? 1 : 0]?.push(async () => {
          // An open route takes the corpus from a visitor; one behind a login from every role
          // that gets past it.
          const open = await fuzzAs(visitor, paths, method, true)
          for (const role of [customer, ...business]) await fuzzAs(role, paths, method, !open)
        })
      }
    }
    for (const batch of batches) await Promise.all(batch.map((task) => limit(task)))
    expect(problems).toEqual([])
  }, 120_000)
})
