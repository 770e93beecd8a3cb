import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { fullRouteTreeChunks, publicRouteTree } from './scripts/public-route-tree.ts'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
/**
 * Changes with every build; the client compares it with /api/version to offer a reload. Kept in
 * the environment because the build loads this config once per environment (client, server), and
 * both must carry the same id.
 */
process.env.BLATTWERK_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`
const buildId = process.env.BLATTWERK_BUILD_ID

/**
 * React, TanStack (Router, Start, Query) and what they bring: the framework every page loads, in
 * a chunk of its own that keeps its name while only the app changes (ADR 029's two budgets).
 */
const frameworkModules =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+|seroval|seroval-plugins|cookie-es|use-sync-external-store|tiny-invariant|tiny-warning)[\\/]/

/**
 * The public pages' layouts, whose components are not split: the hosts' frames (shop, home) and
 * the frameless one (an `Outlet`).
 */
const entryLayouts = new Set<string>(['/_shop', '/_home', '/_homeLight', '/_empty'])

const queryHooks = /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/

/**
 * Start's server manifest (which scripts and preloads a page names), rewritten in the build:
 * - the back office's layout preloads the full route tree as well (ADR 085);
 * - each route's preloads and the entry become an inline loader that runs after the first paint
 *   (`loadScriptsAfterFirstPaint`, ADR 083);
 * - `routeChunks` is exported too, each route's chunks, which the browser preloads before it
 *   loads a route (ADR 029).
 * The dev server keeps Start's own. Fails the build when Start's generated module no longer has
 * the shape this wraps, rather than shipping pages without their scripts.
 */
function startManifestRewrite(): Plugin {
  const rewrite = fileURLToPath(
    new URL('./src/server/scripts-after-paint.server.ts', import.meta.url),
  )
  const routeChunks = fileURLToPath(new URL('./src/server/route-chunks.server.ts', import.meta.url))
  const exported = 'export const tsrStartManifest = '
  let clientOutDir = ''
  return {
    name: 'blattwerk:start-manifest-rewrite',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    configResolved(config) {
      clientOutDir = path.resolve(config.root, config.environments.client?.build.outDir ?? '')
    },
    transform(code, id) {
      if (!id.endsWith('tanstack-start-manifest:v')) return
      if (code.split(exported).length !== 2) {
        this.error(`Start's manifest module no longer exports "${exported.trim()}" once`)
      }
      // The client build is done by now: its manifest names the full route tree's chunks.
      const fullTree = JSON.stringify(fullRouteTreeChunks(clientOutDir))
      return [
        `import { loadScriptsAfterFirstPaint } from ${JSON.stringify(rewrite)}`,
        `import { chunksByRoute, withFullRouteTreePreloads } from ${JSON.stringify(routeChunks)}`,
        code.replace(exported, 'const builtStartManifest = '),
        `${exported}() => loadScriptsAfterFirstPaint(withFullRouteTreePreloads(builtStartManifest(), ${fullTree}))`,
        'export const routeChunks = () => chunksByRoute(builtStartManifest())',
      ].join('\n')
    },
  }
}

/**
 * The browser's entry holds the route tree without the back office (ADR 085): the generated tree,
 * as Start loads it for the browser, imported as `routeTree.gen?public` and pruned here. A
 * back-office page imports the full tree on top. The server has one tree: there the import names
 * the generated module itself.
 */
function publicRouteTreeModule(): Plugin {
  const catchAll = fileURLToPath(
    new URL('./src/features/shell/back-office-elsewhere.ts', import.meta.url),
  )
  const publicImport = /routeTree\.gen\?public$/
  return {
    name: 'blattwerk:public-route-tree',
    resolveId: {
      filter: { id: publicImport },
      handler(source, importer) {
        if (this.environment.name === 'client') return null
        return this.resolve(source.replace(publicImport, 'routeTree.gen'), importer)
      },
    },
    transform: {
      filter: { id: /routeTree\.gen\.ts\?public$/ },
      handler(code) {
        if (this.environment.name !== 'client') return null
        const pruned = publicRouteTree(code, {
          importFrom: catchAll,
          exportName: 'backOfficeElsewhere',
        })
        // Generated code on both sides: no source map to carry.
        return { code: pruned, map: { mappings: '' } }
      },
    },
  }
}

/**
 * Vite names a lazily loaded chunk's imports beside its import() so they are fetched together. For
 * the ~100 routes' split code that table sat in the entry, 5.8 KB gzip on every page; the router
 * preloads a route's chunks from Start's manifest instead, fetched once the page is up
 * (features/shell/route-chunks.ts, ADR 029). Routes' chunks go to a folder of their own, which no
 * other chunk's name can reach; other lazy imports (the menu drawer, the charts) keep Vite's
 * preloads.
 */
const routeChunksFolder = 'assets/routes/'
const chunkFileName = (chunk: { facadeModuleId: string | null }) =>
  `${chunk.facadeModuleId?.includes('?tsr-split=') ? routeChunksFolder : 'assets/'}[name]-[hash].js`

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_ID__: JSON.stringify(buildId),
  },
  environments: {
    client: {
      build: {
        // The client manifest lists each chunk's static imports; the JS budget test follows them.
        manifest: true,
        modulePreload: {
          resolveDependencies: (file, dependencies) =>
            file.startsWith(routeChunksFolder) ? [] : dependencies,
        },
        rolldownOptions: {
          // Everything a page needs before it hydrates goes into the entry, one file: left to the
          // automatic chunking it was some thirty small shared chunks, each compressed on its own
          // (about 8 KB gzip more) and each a preload tag and manifest entry per render (ADR 029).
          output: {
            chunkFileNames: chunkFileName,
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: frameworkModules,
                  tags: ['$initial'],
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
                // Query's React hooks that only pages use (useQuery and kin): framework code too,
                // in a chunk of its own so the budget test counts it with the framework.
                { name: 'framework-query', test: queryHooks, priority: 1.5 },
                { name: 'initial', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'src',
      router: {
        // A route's loader travels with its page's component: the entry then carries no page's
        // queries and server functions, which every page would load before it hydrates (ADR 029).
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
          // The public pages' layouts are not split: nearly every public page draws one of the
          // hosts' frames, which split off were a chunk of its own, compressed on its own, and
          // their error pages load when shown (lazy-error-pages.ts). ADR 029.
          splitBehavior: ({ routeId }) => (entryLayouts.has(routeId) ? [] : undefined),
        },
      },
    }),
    viteReact(),
    startManifestRewrite(),
    publicRouteTreeModule(),
  ],
})
