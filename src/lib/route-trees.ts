/** The back office's layout route: its pages hydrate with the full route tree (ADR 085). */
export const backOfficeRouteId = '/_app'

/**
 * Which route tree a page hydrates with, from the ids of its matched routes (the root first): a
 * page below a public layout takes the tree without the back office; a back-office page, and a
 * page no route matched, the full one.
 */
export function routeTreeOf(routeIds: string[]): 'public' | 'full' {
  const layout = routeIds[1]
  return layout !== undefined && layout !== backOfficeRouteId ? 'public' : 'full'
}
