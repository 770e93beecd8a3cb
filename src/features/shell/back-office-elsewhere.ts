import { type AnyRouter, type BlockerFn, createRoute } from '@tanstack/react-router'
import { Route as rootRoute } from '~/routes/__root'

/**
 * The public pages' route tree holds no back-office routes (ADR 085); this catch-all stands for
 * every path that tree does not know. The full tree never holds it, so there a path no route
 * knows still ends at the not-found page. Pointing at a link to such a path (an intent preload)
 * matches it and loads nothing.
 */
export const backOfficeElsewhere = createRoute({ getParentRoute: () => rootRoute, path: '$' })

/**
 * A navigation from a public page to a path of `backOfficeElsewhere` (the dashboard after a
 * login, a link to the back office, a path no route knows) opens that path as a new page, whose
 * server render hydrates with the full tree. It leaves before the router records the path in
 * the history: a history entry added by the page and then replaced by a new page makes Chrome
 * fire `popstate` into the next page loaded on that entry, in the middle of its hydration.
 */
export function openOtherPathsAsNewPages(router: AnyRouter): void {
  const openAsNewPage: BlockerFn = ({ nextLocation, action }) => {
    if (action !== 'PUSH' && action !== 'REPLACE') return false
    const [, , route] = router.getMatchedRoutes(nextLocation.pathname)
    if (route?.id !== backOfficeElsewhere.id) return false
    if (action === 'REPLACE') window.location.replace(nextLocation.href)
    else window.location.assign(nextLocation.href)
    return true
  }
  router.history.block({ blockerFn: openAsNewPage, enableBeforeUnload: false })
}
