/**
 * Preloads the chunks of the routes the router is about to load, so a lazily loaded page arrives
 * in one round trip rather than one per level of its imports. Vite would do this with a list of
 * files beside every import() in the entry, 5.8 KB gzip that every page loads first; the same
 * lists come from Start's build manifest (`/api/route-chunks`) once the page is up (ADR 029).
 */
type ChunksByRoute = Record<string, string[]>

let chunksByRoute: Promise<ChunksByRoute> | undefined
const preloaded = new Set<string>()

function routeChunks(): Promise<ChunksByRoute> {
  chunksByRoute ??= fetch(`/api/route-chunks?build=${__BUILD_ID__}`, { priority: 'low' })
    .then((response) => (response.ok ? (response.json() as Promise<ChunksByRoute>) : {}))
    .catch(() => {
      // Offline for a moment: the routes still load, import by import; the next one asks again.
      chunksByRoute = undefined
      return {}
    })
  return chunksByRoute
}

/** Fetches the routes' chunk lists ahead of the first navigation; called once the page is up. */
export function fetchRouteChunks(): void {
  void routeChunks()
}

/** Adds `<link rel="modulepreload">` for every chunk the routes load (in the browser only). */
export function preloadRouteChunks(routeIds: string[]): void {
  if (typeof document === 'undefined') return
  void routeChunks().then((byRoute) => {
    for (const file of routeIds.flatMap((routeId) => byRoute[routeId] ?? [])) {
      if (preloaded.has(file)) continue
      preloaded.add(file)
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = file
      document.head.append(link)
    }
  })
}
