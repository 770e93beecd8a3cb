import { lazyRouteComponent } from '@tanstack/react-router'

/**
 * The error pages of the root and the host's layouts, and the page of a deactivated host, loaded
 * when one is shown: a page that works does not carry them in its first load (ADR 029). The router
 * loads a route's own error component before it shows it; a server render that shows one of these
 * says so in its hydration data, and the router loads them before it hydrates (router.tsx).
 *
 * The routes that name them set `wrapInSuspense: false`: the router wraps a route whose error
 * component can still be loaded in a Suspense boundary, which on the server is always the case
 * but in the browser not once the component has loaded, so a server-rendered error page would
 * hydrate into a different tree (React #418).
 */
const loadErrorPages = () => import('./ErrorPages')

export const NotFoundPage = lazyRouteComponent(loadErrorPages, 'NotFoundPage')
export const RootErrorPage = lazyRouteComponent(loadErrorPages, 'RootErrorPage')
export const HostErrorPage = lazyRouteComponent(loadErrorPages, 'HostErrorPage')
export const UnavailablePage = lazyRouteComponent(loadErrorPages, 'UnavailablePage')

export async function preloadErrorPages(): Promise<void> {
  await Promise.all([NotFoundPage, RootErrorPage, UnavailablePage].map((page) => page.preload?.()))
}
