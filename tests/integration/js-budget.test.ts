import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../support/api-client'
import { startTestServer, type TestServer } from '../support/server'

/**
 * Gzip bytes of JavaScript a page may load before it hydrates (1 KB = 1,000 bytes). Issue 11 asks
 * for 120 KB on the shop's catalogue pages. The entry every page loads weighs 137.9 KB, of which
 * React DOM, TanStack Router, Start's client with its serializer and Query are about 123 KB and
 * the route table, frames and session about 14 KB (ADR 029 has the breakdown); these budgets hold
 * what the pages weigh now and fail any growth. `/shop` and `/blueten` still show the placeholder
 * page (7.7 KB of it); the storefront and the catalogue replace it and must fit the same budget.
 * The storefront, the shop finder's search parser and the `/agb` and `/widerruf` routes added
 * 0.6 KB to the entry (`/login` 153.1 KB); the Rezeptkonfigurator's search parser (its shareable
 * links are typed search params) and the reservation route 0.9 KB (`/login` 154.0 KB); the
 * catalogue's search parser and product routes 2.2 KB. `/blueten` with its list page weighs
 * 155.5 KB: 34 KB over the issue's 120 KB, of which the framework alone is 123 KB (ADR 029). The
 * shop's account routes (registration, the mail links' confirmation page) added 0.2 KB; the
 * customer account's pages (their split loaders and the order detail route) 0.3 KB; the
 * checkout's routes (`/bestellung/$id`, the exemption upload) and the address book 0.2 KB. The
 * cart's header figure, rendered on the server and kept in a store the product pages update (its
 * store, the count's server-function stub, the root's loading of it) and the `/warenkorb` route
 * added 0.5 KB to the entry. Together (the route table of all four, the payment return page) they
 * weigh 1.0–1.1 KB more than before issue 12's shop pages. Issue 13's routes (the organisation
 * page's `?tab=team` search, `/invitation/$token` with its loader, the business reset on
 * `/confirmation/$token`) left 15–75 bytes of margin, and builds differ by some 25 bytes (the
 * chunk names' hashes): 0.3 KB more keeps the check about weight, not about hashes. The rest of
 * issue 13 — the admin console's audit log, outbox and contact message routes with their
 * search parsers (about 0.6 KB), the organisation page's `?tab=shop`, the root's "derzeit nicht
 * verfügbar" page for a deactivated organisation's host, and the dashboard's loader — added
 * 0.9–1.0 KB; the budgets grew by 1.1 KB (`/login` 159.5 KB). Issue 14's club hand-outs (the
 * `/abgabe` routes, the list's search parser, two loaders and the access rule) added 0.43 KB:
 * +0.5 KB (`/login` 160.0 KB). The filling protocol's three routes with their list search and
 * two loaders, and the live board's route, added 0.3 KB; the analysis page's route with its
 * period and category search 0.2 KB: +0.8 KB, with the margin above (`/login` 160.8 KB). The
 * review's real-day check in that search (`isCalendarDay`) and the platform admin's menu entry
 * for it added 0.2 KB: +0.5 KB (`/login` 161.5 KB).
 */
const pages = [
  { page: '/shop', host: 'sonnen-apotheke.localhost', budgetBytes: 151_200 },
  { page: '/blueten', host: 'sonnen-apotheke.localhost', budgetBytes: 160_200 },
  { page: '/login', host: undefined, budgetBytes: 161_500 },
]

const clientDir = path.resolve(import.meta.dirname, '../../dist/client')

interface ManifestChunk {
  file: string
  imports?: string[]
}

/** The build's client manifest, keyed by output file: each chunk's static imports. */
async function staticImportsByFile(): Promise<Map<string, string[]>> {
  const manifest = JSON.parse(
    await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  return new Map(
    Object.values(manifest).map((chunk) => [
      `/${chunk.file}`,
      (chunk.imports ?? []).map((key) => `/${manifest[key]?.file}`),
    ]),
  )
}

/**
 * The scripts a page's HTML loads or preloads, and every chunk those import statically: what the
 * browser fetches before the page hydrates. Chunks loaded later through import() do not count.
 */
function firstLoadScripts(html: string, imports: Map<string, string[]>): string[] {
  const referenced = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.js)"/g)]
  const pending = referenced.map((match) => match[1] as string)
  const scripts = new Set<string>()
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (scripts.has(file)) continue
    scripts.add(file)
    pending.push(...(imports.get(file) ?? []))
  }
  return [...scripts]
}

/** Sizes as a gzip client receives them from the server (zlib's default level, as it sends). */
async function gzipSizes(files: string[]): Promise<Record<string, number>> {
  const sizes = await Promise.all(
    files.map(async (file) => gzipSync(await readFile(path.join(clientDir, file))).length),
  )
  return Object.fromEntries(files.map((file, index) => [file, sizes[index] as number]))
}

describe('first-load JavaScript of the production build', () => {
  let server: TestServer
  let imports: Map<string, string[]>

  beforeAll(async () => {
    server = await startTestServer('pglite')
    imports = await staticImportsByFile()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it.each(pages)(
    '$page loads at most $budgetBytes bytes gzip of JS',
    async ({ page, host, budgetBytes }) => {
      const answer = await callApi<string>(server.baseUrl, page, { host })
      expect(answer.status).toBe(200)
      const scripts = firstLoadScripts(answer.body, imports)
      expect(scripts.length).toBeGreaterThan(0)

      const sizes = await gzipSizes(scripts)
      const total = Object.values(sizes).reduce((sum, size) => sum + size, 0)
      const largestFirst = Object.entries(sizes)
        .sort(([, a], [, b]) => b - a)
        .map(([file, size]) => `${file}: ${(size / 1000).toFixed(1)} KB`)
      expect(
        total,
        `${page}: ${(total / 1000).toFixed(1)} KB\n${largestFirst.join('\n')}`,
      ).toBeLessThanOrEqual(budgetBytes)
    },
  )
})
