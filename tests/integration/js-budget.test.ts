import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProductIds } from '~/server/db/seed-data/products'
import { callApi } from '../support/api-client'
import { startTestServer, type TestServer } from '../support/server'

/**
 * Gzip bytes of JavaScript a page may load before it hydrates (1 KB = 1,000 bytes), as two
 * numbers (issue 36): the framework's chunks (React DOM, TanStack Router, Start and Query; the
 * build puts them in `framework-*.js`, and Query's hooks that only pages use in
 * `framework-query-*.js`, vite.config.ts) and the app's own code on the page, every other chunk
 * it loads. ADR 029 has the breakdown.
 */
const frameworkBudgetBytes = 121_300
/** The app's own code on a public page: at most 20 KB (issue 36). */
const appLimitBytes = 20_000
const shop = 'sonnen-apotheke.localhost'
/**
 * A page over the limit is held at a ceiling, what it weighs now, so any growth fails. ADR 029
 * ("The floor under 20 KB") shows why these pages' own code does not fit into 20 KB; a ceiling may
 * go down freely, raising one adds a line there with what it paid for.
 */
const pages: { page: string; host: string | undefined; appBudgetBytes: number }[] = [
  { page: '/shop', host: shop, appBudgetBytes: 21_995 },
  { page: '/blueten', host: shop, appBudgetBytes: 28_290 },
  { page: `/blueten/${demoProductIds.pharmacyPackFlower}`, host: shop, appBudgetBytes: 28_235 },
  { page: '/agb', host: shop, appBudgetBytes: appLimitBytes },
  { page: '/warenkorb', host: shop, appBudgetBytes: 26_305 },
  { page: '/registrieren', host: shop, appBudgetBytes: 22_615 },
  // Its reservation dialog, the form layer and zod, loads when wanted (ADR 029).
  { page: '/rezeptkonfigurator', host: shop, appBudgetBytes: 34_145 },
  { page: '/login', host: undefined, appBudgetBytes: 23_010 },
  // The platform's home with the shop finder.
  { page: '/', host: undefined, appBudgetBytes: 24_150 },
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
 * The scripts a page's HTML names (its inline loader adds them as module scripts and preloads once
 * the page is painted, ADR 083), and every chunk those import statically: what the browser fetches
 * before the page hydrates. Chunks loaded later through import() do not count.
 */
function firstLoadScripts(html: string, imports: Map<string, string[]>): string[] {
  const referenced = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)]
  const pending = referenced.map((match) => match[1] as string)
  const scripts = new Set<string>()
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (scripts.has(file)) continue
    scripts.add(file)
    pending.push(...(imports.get(file) ?? []))
  }
  return [...scripts]
}

const isFramework = (file: string) => /\/framework-[^/]+\.js$/.test(file)

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
    '$page loads the framework and at most $appBudgetBytes bytes gzip of its own JS',
    async ({ page, host, appBudgetBytes }) => {
      // A cookie keeps the page cache out: the page as rendered, with its own script tags.
      const answer = await callApi<string>(server.baseUrl, page, {
        host,
        headers: { cookie: 'budget=1' },
      })
      expect(answer.status).toBe(200)
      const scripts = firstLoadScripts(answer.body, imports)
      const sizes = await gzipSizes(scripts)
      const framework = Object.entries(sizes).filter(([file]) => isFramework(file))
      expect(
        framework.filter(([file]) => !file.includes('/framework-query-')),
        'the framework loads as one chunk of its own',
      ).toHaveLength(1)
      const frameworkBytes = framework.reduce((sum, [, size]) => sum + size, 0)
      expect(
        frameworkBytes,
        `framework: ${(frameworkBytes / 1000).toFixed(1)} KB`,
      ).toBeLessThanOrEqual(frameworkBudgetBytes)

      const appSizes = Object.entries(sizes).filter(([file]) => !isFramework(file))
      const appBytes = appSizes.reduce((sum, [, size]) => sum + size, 0)
      const largestFirst = appSizes
        .sort(([, a], [, b]) => b - a)
        .map(([file, size]) => `${file}: ${(size / 1000).toFixed(1)} KB`)
      expect(
        appBytes,
        `${page}: the app's own ${appBytes} bytes\n${largestFirst.join('\n')}`,
      ).toBeLessThanOrEqual(appBudgetBytes)
    },
  )
})
