import { rootRouteId, type ServerManifest } from '@tanstack/router-core'
import { backOfficeRouteId } from '~/lib/route-trees'

/**
 * Each route's chunks as Start's build manifest lists them: the route's own code and every chunk
 * it imports that its parent routes do not already list. The browser preloads them when the
 * router starts to load a route (features/shell/route-chunks.ts, ADR 029). The root's (the entry
 * and the framework) are left out: every page has loaded them before it can navigate.
 */
export function chunksByRoute(manifest: ServerManifest): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(manifest.routes).flatMap(([routeId, route]) => {
      const files = (route.preloads ?? []).map((link) =>
        typeof link === 'string' ? link : link.href,
      )
      return routeId !== rootRouteId && files.length > 0 ? [[routeId, files]] : []
    }),
  )
}

let builtRouteChunks: Record<string, string[]> | undefined

/**
 * The build's route chunks as the answer to GET. Its URL carries the build id, so it is cached
 * for a year. The dev server serves modules unbundled: it has no chunks to name.
 */
export async function routeChunksResponse(): Promise<Response> {
  builtRouteChunks ??= (await import('tanstack-start-manifest:v')).routeChunks?.() ?? {}
  return Response.json(builtRouteChunks, {
    headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
  })
}

/**
 * Start's manifest with the back office's layout also preloading the full route tree, which its
 * pages import before they hydrate (router.tsx, ADR 085): preloaded beside the entry, that import
 * costs no round trip. `fullTreeChunks` are the tree's files beyond the entry's.
 */
export function withFullRouteTreePreloads(
  manifest: ServerManifest,
  fullTreeChunks: string[],
): ServerManifest {
  const backOffice = manifest.routes[backOfficeRouteId]
  if (!backOffice) return manifest
  const preloads = [...fullTreeChunks, ...(backOffice.preloads ?? [])]
  return {
    ...manifest,
    routes: { ...manifest.routes, [backOfficeRouteId]: { ...backOffice, preloads } },
  }
}
