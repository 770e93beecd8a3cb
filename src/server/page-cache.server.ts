import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { FastResponse } from 'srvx'
import { berlinIsoDate } from '../lib/format'
import { listQueryKeys } from '../lib/list-query'
import { catalogueFilterKeys } from '../lib/shop-catalogue'
import { berlinWallClock } from './db/berlin-time.server'
import type { Database, DatabaseHandle } from './db/client.server'
import type { NotificationHub, Subscription } from './db/notifications.server'
import { withPageLifetime } from './page-lifetime.server'
import { nonceSource } from './security-headers.server'
import { catalogueChannel } from './shop/catalogue-cache.server'
import { tenantOfRequest, tenantsChannel } from './tenants.server'

/**
 * The per-process cache of whole anonymous public pages (ADR 082): the shop's home, catalogue and
 * product pages, the legal pages and the main domain's shop finder look the same to every visitor
 * without a session or a cart, so one render serves them all until what it showed changes.
 *
 * - **Only visitors without cookies** (no session, no cart, no device cookie) and without an
 *   `Authorization` header are served from it or fill it, on the listed paths, with only the
 *   listed query params (and at most `maxQueryLength` characters of them).
 * - **The CSP stays strict.** A render carries its visitor's nonce as always. The copy kept for
 *   the others has that nonce removed, and the inline scripts that carried it are allowed by their
 *   SHA-256 hashes instead — only those, so a script that got into the markup without the nonce
 *   stays blocked in the copy as in the original.
 * - **Changes end a copy.** The triggers that announce catalogue changes (`shop_catalogue_changed`,
 *   ADR 027) and tenant changes (`tenants_changed`, ADR 040) drop the affected copies at once.
 *   What changes unannounced bounds a copy's lifetime: the catalogue answers the render used (a
 *   reservation lapsing), Berlin midnight (batches expire by the day), a minute at most (as the
 *   tenant cache). A copy past its lifetime answers while one request renders it again
 *   (stale-while-revalidate). Visitors who come while a page renders wait for that render's copy
 *   rather than render it too. Without a live listener nothing is served.
 */

/** At most this long between renders: what lapses unannounced (organisation addresses) shows after it. */
const maxAgeMs = 60_000
const maxEntries = 1_000
/** Both forms (plain and gzip) of all entries together. */
const maxTotalBytes = 32 * 1024 * 1024
const maxPageBytes = 1024 * 1024
const maxQueryLength = 300

export type PageCacheStatus = 'hit' | 'stale' | 'miss' | 'bypass'

const uuidSegment = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const catalogueParams = new Set<string>(['page', 'sort', 'genetics', ...catalogueFilterKeys])
const finderParams = new Set<string>(listQueryKeys)
const noParams = new Set<string>()
const legalPages: Array<[RegExp, Set<string>]> = [
  [/^\/(legal-notice|privacy-policy|agb|widerruf)$/, noParams],
]

/** Which paths a host kind caches, and the query params each may carry. */
const cacheablePaths: Record<'shop' | 'organisation' | 'main', Array<[RegExp, Set<string>]>> = {
  shop: [
    [/^\/shop$/, noParams],
    [/^\/(blueten|extrakte)$/, catalogueParams],
    [new RegExp(`^/(blueten|extrakte)/${uuidSegment}$`), noParams],
    ...legalPages,
  ],
  // A club's host: its public page, never a catalogue (§ 6 KCanG).
  organisation: [[/^\/$/, noParams], ...legalPages],
  main: [[/^\/$/, finderParams], ...legalPages],
}

type HostKind = keyof typeof cacheablePaths

/** A GET without credentials (no cookie at all, no bearer token): the only kind the cache sees. */
const isAnonymousGet = (request: Request) =>
  request.method === 'GET' &&
  !request.headers.has('cookie') &&
  !request.headers.has('authorization')

/** Whether `url` is a cacheable path of its kind of host, with listed params only. */
function isCacheablePath(url: URL, host: HostKind): boolean {
  if (url.search.length > maxQueryLength) return false
  const rule = cacheablePaths[host].find(([path]) => path.test(url.pathname))
  if (!rule) return false
  const [, params] = rule
  for (const name of url.searchParams.keys()) if (!params.has(name)) return false
  return true
}

/**
 * The cache that may answer this request and the organisation whose changes end its copy, or
 * null when the request must be rendered for itself. Cheap for the rest: most requests are
 * turned away before the host's tenant (a per-process cache itself) is looked up.
 */
export async function pageCacheFor(
  app: { systemDb: Database; database: DatabaseHandle; config: { APP_DOMAIN: string } },
  request: Request,
  url: URL,
): Promise<{ cache: PageCache; organisationId: string | null } | null> {
  if (!isAnonymousGet(request)) return null
  const tenant = await tenantOfRequest(app, request)
  const host: HostKind = tenant === null ? 'main' : tenant.hasShop ? 'shop' : 'organisation'
  if (!isCacheablePath(url, host)) return null
  return {
    cache: pageCacheOf(app.database.notifications),
    organisationId: tenant?.organisationId ?? null,
  }
}

/** Host and path with the params in one order, so `?a=1&b=2` and `?b=2&a=1` share a copy. */
function cacheKeyOf(url: URL): string {
  const params = [...url.searchParams].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1,
  )
  return `${url.protocol}//${url.host}${url.pathname}?${new URLSearchParams(params)}`
}

/** Midnight in Berlin after `now`: batches expire by the calendar day. */
function nextBerlinMidnight(now: number): number {
  const tomorrow = new Date(`${berlinIsoDate(new Date(now))}T12:00:00Z`)
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
  return berlinWallClock(tomorrow.toISOString().slice(0, 10)).getTime()
}

interface CachedPage {
  organisationId: string | null
  contentType: string
  body: Uint8Array<ArrayBuffer>
  gzipped: Uint8Array<ArrayBuffer>
  etag: string
  /** `'sha256-…'` sources for the CSP's `script-src`. */
  scriptHashes: string[]
  validUntil: number
}

/**
 * A page from the cache or rendered for this request, with the CSP `script-src` sources that
 * admit its inline scripts: the hashes of a cached copy, the nonce of a render.
 */
export interface PageCacheAnswer {
  status: PageCacheStatus
  response: Response
  scriptSources: string[]
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

/**
 * The copy of a render for the cache: the render's nonce removed everywhere, and the inline
 * scripts that carried it listed by hash. Null when the nonce shows up anywhere else (nothing
 * the router renders does that; a page that did is not cached rather than leaking it).
 */
export function withScriptHashes(
  html: string,
  nonce: string,
): { html: string; scriptHashes: string[] } | null {
  const nonceAttribute = ` nonce="${nonce}"`
  const scriptHashes: string[] = []
  const scripted = html.replace(
    /<script\b([^>]*)>([\s\S]*?)(?=<\/script)/gi,
    (whole, attributes: string, content: string) => {
      if (!attributes.includes(nonceAttribute)) return whole
      if (!/\ssrc=/i.test(attributes)) scriptHashes.push(`'sha256-${sha256(content)}'`)
      return `<script${attributes.replace(nonceAttribute, '')}>${content}`
    },
  )
  const copy = scripted
    .replace(`<meta property="csp-nonce" content="${nonce}"/>`, '')
    .replaceAll(nonceAttribute, '')
  if (copy.includes(nonce)) return null
  return { html: copy, scriptHashes: [...new Set(scriptHashes)] }
}

export interface PageRender {
  request: Request
  /** The nonce the render stamps on its scripts. */
  nonce: string
}

type Render = (request: Request) => Promise<PageRender & { response: Response }>

class PageCache {
  private readonly entries = new Map<string, CachedPage>()
  private totalBytes = 0
  /** The copy each key's running render will leave (null: it kept none). */
  private readonly rendering = new Map<string, Promise<CachedPage | null>>()
  /** Raised by each announced change: a render that started before one is not kept. */
  private readonly generations = new Map<string, number>()
  private everything = 0
  private subscriptions: Promise<Subscription[] | null> | null = null

  constructor(private readonly hub: NotificationHub) {}

  private readonly catalogueChanged = (organisationId: string | null) => {
    if (organisationId === null || organisationId === '*') return this.allChanged()
    this.generations.set(organisationId, (this.generations.get(organisationId) ?? 0) + 1)
    for (const [key, entry] of this.entries) {
      if (entry.organisationId === organisationId) this.drop(key)
    }
  }

  private readonly allChanged = () => {
    this.everything++
    this.clear()
  }

  private generationOf(organisationId: string | null): string {
    return `${this.everything}.${organisationId ? (this.generations.get(organisationId) ?? 0) : 0}`
  }

  private listening(): Promise<Subscription[] | null> {
    this.subscriptions ??= Promise.all([
      this.hub.subscribe(catalogueChannel, this.catalogueChanged),
      this.hub.subscribe(tenantsChannel, this.allChanged),
    ]).catch(() => {
      this.subscriptions = null
      return null
    })
    return this.subscriptions
  }

  private async live(): Promise<boolean> {
    const subscriptions = await this.listening()
    const live = subscriptions?.every((subscription) => subscription.live) === true
    if (!live) this.clear()
    return live
  }

  private clear() {
    this.entries.clear()
    this.totalBytes = 0
  }

  /**
   * Answers a cacheable request from the cache, else by `render`, whose 200 page is kept for the
   * next visitors. Visitors who come while a page is being rendered wait for its copy rather than
   * render it again; a copy past its lifetime answers while one render replaces it.
   */
  async answer(
    request: Request,
    url: URL,
    organisationId: string | null,
    render: Render,
  ): Promise<PageCacheAnswer> {
    if (!(await this.live())) {
      const { response, nonce } = await render(request)
      return { status: 'bypass', response, scriptSources: [nonceSource(nonce)] }
    }
    const key = cacheKeyOf(url)
    const entry = this.entries.get(key)
    if (entry) {
      const stale = entry.validUntil <= Date.now()
      if (stale && !this.rendering.has(key)) {
        // Its own request: the visitor's may end (and abort) before the render does.
        const revalidation = new Request(request.url, { headers: request.headers })
        void this.renderAndKeep(key, organisationId, revalidation, render).then(
          // Nobody reads this render's own stream: the visitor is answered from the old copy.
          ({ response }) => response.body?.cancel(),
          () => this.drop(key),
        )
      }
      // Least recently used goes first: a hit moves the entry to the end.
      this.entries.delete(key)
      this.entries.set(key, entry)
      return { status: stale ? 'stale' : 'hit', ...this.answerFrom(entry, request) }
    }
    const pending = await this.rendering.get(key)
    if (pending) return { status: 'hit', ...this.answerFrom(pending, request) }
    const { response, nonce } = await this.renderAndKeep(key, organisationId, request, render)
    return { status: 'miss', response, scriptSources: [nonceSource(nonce)] }
  }

  private answerFrom(entry: CachedPage, request: Request) {
    return { response: this.responseOf(entry, request), scriptSources: entry.scriptHashes }
  }

  /**
   * Renders `request` for its visitor and keeps a copy of the stream once it has ended (while it
   * runs, `rendering` holds what it will keep).
   */
  private async renderAndKeep(
    key: string,
    organisationId: string | null,
    request: Request,
    render: Render,
  ): Promise<{ response: Response; nonce: string; copy: Promise<CachedPage | null> }> {
    const rendered = this.renderForCopy(key, organisationId, request, render)
    // A render or a copy that fails leaves none: waiting visitors then render for themselves.
    const kept = rendered.then(
      ({ copy }) => copy.catch(() => null),
      () => null,
    )
    this.rendering.set(key, kept)
    void kept.finally(() => {
      if (this.rendering.get(key) === kept) this.rendering.delete(key)
    })
    return rendered
  }

  private async renderForCopy(
    key: string,
    organisationId: string | null,
    request: Request,
    render: Render,
  ): Promise<{ response: Response; nonce: string; copy: Promise<CachedPage | null> }> {
    const generation = this.generationOf(organisationId)
    const startedAt = Date.now()
    const lifetime = { validUntil: Math.min(startedAt + maxAgeMs, nextBerlinMidnight(startedAt)) }
    const { response, nonce } = await withPageLifetime(lifetime, () => render(request))
    const contentType = response.headers.get('content-type') ?? ''
    if (
      response.status !== 200 ||
      !response.body ||
      !contentType.startsWith('text/html') ||
      response.headers.has('set-cookie')
    ) {
      this.drop(key)
      return { response, nonce, copy: Promise.resolve(null) }
    }
    const [toVisitor, toCache] = response.body.tee()
    const copy = readCapped(toCache, maxPageBytes).then((bytes) => {
      if (!bytes || this.generationOf(organisationId) !== generation) return null
      if (lifetime.validUntil <= Date.now()) return null
      const hashed = withScriptHashes(new TextDecoder().decode(bytes), nonce)
      if (!hashed) return null
      const entry: CachedPage = {
        organisationId,
        contentType,
        body: new TextEncoder().encode(hashed.html),
        gzipped: new Uint8Array(gzipSync(hashed.html)),
        etag: `"${createHash('sha256').update(hashed.html).digest('base64url').slice(0, 27)}"`,
        scriptHashes: hashed.scriptHashes,
        validUntil: lifetime.validUntil,
      }
      this.store(key, entry)
      return entry
    })
    return {
      response: new Response(toVisitor, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      }),
      nonce,
      copy,
    }
  }

  private responseOf(entry: CachedPage, request: Request): Response {
    const headers = new Headers({
      'content-type': entry.contentType,
      etag: entry.etag,
      // Shared caches must keep a visitor with cookies (a session, a cart) apart from this copy.
      vary: 'Cookie, Accept-Encoding',
      'cache-control': 'public, max-age=0, stale-while-revalidate=30',
    })
    if (request.headers.get('if-none-match') === entry.etag) {
      return new FastResponse(null, { status: 304, headers })
    }
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      headers.set('content-encoding', 'gzip')
      return new FastResponse(entry.gzipped, { status: 200, headers })
    }
    return new FastResponse(entry.body, { status: 200, headers })
  }

  private store(key: string, entry: CachedPage) {
    this.drop(key)
    this.entries.set(key, entry)
    this.totalBytes += sizeOf(entry)
    for (const [oldestKey] of this.entries) {
      if (this.entries.size <= maxEntries && this.totalBytes <= maxTotalBytes) break
      this.drop(oldestKey)
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.totalBytes -= sizeOf(entry)
  }
}

const sizeOf = (entry: CachedPage) => entry.body.byteLength + entry.gzipped.byteLength

/** All of `stream`, or null once it passes `limit` bytes (the rest is read and dropped). */
async function readCapped(stream: ReadableStream<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = []
  let length = 0
  const reader = stream.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    length += read.value.byteLength
    if (length <= limit) chunks.push(read.value)
  }
  return length <= limit ? Buffer.concat(chunks) : null
}

const caches = new WeakMap<NotificationHub, PageCache>()

function pageCacheOf(hub: NotificationHub): PageCache {
  let cache = caches.get(hub)
  if (!cache) {
    cache = new PageCache(hub)
    caches.set(hub, cache)
  }
  return cache
}
