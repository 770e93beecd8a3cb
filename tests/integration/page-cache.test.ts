import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { tenants } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { demoProductIds } from '~/server/db/seed-data/products'
import { type PageCacheAnswer, pageCacheFor } from '~/server/page-cache.server'
import { pageChangesAt } from '~/server/page-lifetime.server'
import { organisationProducts } from '~/server/products/products.schema'
import { callApi } from '../support/api-client'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { startTestServer, type TestServer } from '../support/server'

const appDomain = 'blattwerk.localhost'
const shopOrigin = `http://sonnen-apotheke.${appDomain}`
/** Apotheke am Markt's listing of the Nordlicht extract: another organisation's catalogue. */
const marketExtract = '00000000-0000-4000-8000-000000003109'

/** Long enough for a first render of a real page on a busy machine. */
const untilKept = { timeout: 20_000, interval: 50 }

const sha256Source = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`

describe.each(testDatabaseKinds)('page cache on %s', (kind) => {
  let database: TestDatabase
  let renders = 0
  /** What the next render does besides answering its page (an unannounced change, a cookie). */
  let duringRender: () => void = () => undefined
  let renderedStatus = 200
  let renderedHeaders: Record<string, string> = {}

  /** A page as the router renders one: its scripts stamped with the render's nonce. */
  const render = async (request: Request) => {
    renders++
    const nonce = `nonce${renders}`
    duringRender()
    const html =
      `<!DOCTYPE html><html><head><meta property="csp-nonce" content="${nonce}"/>` +
      `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>` +
      `<script nonce="${nonce}">self.render=${renders}</script></head>` +
      `<body><p>Render ${renders} of ${new URL(request.url).pathname}</p>` +
      `<script type="module" src="/assets/a.js" nonce="${nonce}"></script>` +
      `<script nonce="${nonce}">$_TSR.e()</script></body></html>`
    const response = new Response(html, {
      status: renderedStatus,
      headers: { 'content-type': 'text/html; charset=utf-8', ...renderedHeaders },
    })
    return { request, nonce, response }
  }

  const visit = async (path: string, headers: Record<string, string> = {}) => {
    const request = new Request(`${shopOrigin}${path}`, { headers })
    const url = new URL(request.url)
    const app = { systemDb: database.handle.systemDb, database: database.handle }
    const pageCache = await pageCacheFor(
      { ...app, config: { APP_DOMAIN: appDomain } },
      request,
      url,
    )
    if (!pageCache) return null
    const answer = await pageCache.cache.answer(request, url, pageCache.organisationId, render)
    return { ...answer, body: await answer.response.text() }
  }

  /** Visits until the copy a render left is served (a copy is kept once its stream has ended). */
  const visitUntilHit = (path: string) =>
    vi.waitFor(async () => {
      const answer = await visit(path)
      expect(answer?.status).toBe('hit')
      return answer as PageCacheAnswer & { body: string }
    }, untilKept)

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('serves one render to every anonymous visitor, its scripts allowed by hash', async () => {
    const first = await visit('/blueten?sort=name&page=1')
    expect(first?.status).toBe('miss')
    expect(first?.scriptSources).toEqual([`'nonce-nonce${renders}'`])
    const copy = await visitUntilHit('/blueten?page=1&sort=name')
    expect(copy.body).toContain(`Render ${renders} of /blueten`)
    expect(copy.body).not.toContain('nonce')
    expect(copy.scriptSources).toEqual([
      sha256Source(`self.render=${renders}`),
      sha256Source('$_TSR.e()'),
    ])
    expect(copy.response.headers.get('cache-control')).toBe(
      'public, max-age=0, stale-while-revalidate=30',
    )
    expect(copy.response.headers.get('vary')).toBe('Cookie, Accept-Encoding')
    const unchanged = await visit('/blueten?sort=name&page=1', {
      'if-none-match': copy.response.headers.get('etag') ?? '',
    })
    expect(unchanged?.response.status).toBe(304)
  })

  it('renders for themselves visitors with a cookie or a token, and unlisted pages or params', async () => {
    await visitUntilHit('/shop')
    expect(await visit('/shop', { cookie: 'cart=1' })).toBeNull()
    expect(await visit('/shop', { authorization: 'Bearer x' })).toBeNull()
    expect(await visit('/warenkorb')).toBeNull()
    expect(await visit('/account')).toBeNull()
    expect(await visit('/blueten?utm_source=mail')).toBeNull()
    expect(await visit(`/blueten?q=${'a'.repeat(400)}`)).toBeNull()
  })

  it("a change of the shop's catalogue ends its copies: the next visitor gets a new render", async () => {
    const before = await visitUntilHit('/extrakte')
    await database.handle.db
      .update(organisationProducts)
      .set({ priceCents: 1300 })
      .where(eq(organisationProducts.id, demoProductIds.pharmacyLooseFlower))
    const after = await vi.waitFor(async () => {
      const answer = await visit('/extrakte')
      expect(answer?.status).toBe('miss')
      return answer
    }, untilKept)
    expect(after?.body).not.toBe(before.body)
  })

  it('a copy past its lifetime answers once more while one render replaces it', async () => {
    duringRender = () => pageChangesAt(Date.now() + 300)
    const before = await visitUntilHit('/blueten?genetics=indica')
    duringRender = () => undefined
    await new Promise((resolve) => setTimeout(resolve, 300))
    const stale = await visit('/blueten?genetics=indica')
    expect(stale?.status).toBe('stale')
    expect(stale?.body).toBe(before.body)
    const after = await visitUntilHit('/blueten?genetics=indica')
    expect(after.body).not.toBe(before.body)
  })

  it("another organisation's change leaves the copy; a tenant's change ends every copy", async () => {
    const before = await visitUntilHit('/legal-notice')
    await database.handle.db
      .update(organisationProducts)
      .set({ priceCents: 999 })
      .where(eq(organisationProducts.id, marketExtract))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await visit('/legal-notice'))?.body).toBe(before.body)

    await database.handle.db
      .update(tenants)
      .set({ customDomainCheckedAt: new Date() })
      .where(eq(tenants.organisationId, demoIds.pharmacy))
    await vi.waitFor(
      async () => expect((await visit('/legal-notice'))?.status).toBe('miss'),
      untilKept,
    )
  })

  it('keeps no copy of a render that changes unannounced now, fails, or sets a cookie', async () => {
    duringRender = () => pageChangesAt(Date.now())
    expect((await visit('/agb'))?.status).toBe('miss')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await visit('/agb'))?.status).toBe('miss')

    duringRender = () => undefined
    renderedHeaders = { 'set-cookie': 'cart=1' }
    expect((await visit('/widerruf'))?.status).toBe('miss')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await visit('/widerruf'))?.status).toBe('miss')

    renderedHeaders = {}
    renderedStatus = 404
    const missing = `/blueten/${crypto.randomUUID()}`
    expect((await visit(missing))?.response.status).toBe(404)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await visit(missing))?.status).toBe('miss')
    renderedStatus = 200
  })

  it('fifty visitors at once after a change: one render, the others get its copy', async () => {
    const path = `/blueten/${crypto.randomUUID()}`
    await visitUntilHit(path)
    await database.handle.db
      .update(organisationProducts)
      .set({ priceCents: 1400 })
      .where(eq(organisationProducts.id, demoProductIds.pharmacyLooseFlower))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const rendersBefore = renders
    const crowd = await Promise.all(Array.from({ length: 50 }, () => visit(path)))
    expect(renders - rendersBefore).toBe(1)
    expect(crowd.filter((answer) => answer?.status === 'miss')).toHaveLength(1)
    const rendered = crowd.find((answer) => answer?.status === 'miss')?.body
    expect(crowd.every((answer) => answer?.response.status === 200)).toBe(true)
    expect(
      new Set(crowd.map((answer) => answer?.body.replaceAll(/ nonce="[^"]*"|<meta[^>]*>/g, ''))),
    ).toEqual(new Set([rendered?.replaceAll(/ nonce="[^"]*"|<meta[^>]*>/g, '')]))
  })
})

describe.each(testDatabaseKinds)('public pages through the server on %s', (kind) => {
  let server: TestServer
  const page = (path: string, headers: Record<string, string> = {}) =>
    callApi<string>(server.baseUrl, path, { host: 'sonnen-apotheke.localhost', headers })

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('a cached catalogue page allows exactly the inline scripts its render stamped', async () => {
    const first = await page('/blueten')
    expect(first.status).toBe(200)
    expect(first.headers.get('x-page-cache')).toBe('miss')
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    const copy = await vi.waitFor(async () => {
      const answer = await page('/blueten')
      expect(answer.headers.get('x-page-cache')).toBe('hit')
      return answer
    }, untilKept)
    const policy = copy.headers.get('content-security-policy') ?? ''
    const scriptSrc = policy.split(';').find((directive) => directive.includes('script-src')) ?? ''
    expect(scriptSrc).not.toMatch(/nonce|unsafe-inline|strict-dynamic/)
    expect(copy.body).not.toMatch(/nonce/)
    const inlineScripts = [...copy.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !attributes?.includes('src='))
      .map(([, , content]) => sha256Source(content ?? ''))
    expect(inlineScripts.length).toBeGreaterThan(1)
    expect(scriptSrc.trim().split(' ').slice(1).sort()).toEqual(
      ["'self'", ...new Set(inlineScripts)].sort(),
    )
    // The same page as the first visitor saw it, but for its nonce.
    expect(copy.body.length).toBeGreaterThan(first.body.length * 0.9)

    const withCookie = await page('/blueten', { cookie: 'bw_cart=x' })
    expect(withCookie.headers.get('x-page-cache')).toBe('bypass')
    expect(withCookie.headers.get('content-security-policy')).toMatch(/'nonce-/)
    expect(withCookie.headers.get('cache-control')).toBe('private, no-store')
  })

  it('a gzip visitor gets the compressed copy; the back office is never cached', async () => {
    await vi.waitFor(
      async () => expect((await page('/shop')).headers.get('x-page-cache')).toBe('hit'),
      untilKept,
    )
    const compressed = await page('/shop', { 'accept-encoding': 'gzip' })
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    const login = await callApi<string>(server.baseUrl, '/login')
    expect(login.headers.get('x-page-cache')).toBe('bypass')
    expect(login.headers.get('cache-control')).toBe('private, no-store')
  })
})
