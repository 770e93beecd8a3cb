import { lazyRouteComponent } from '@tanstack/react-router'

/**
 * The error pages of the root and the host's layouts, and the page of a deactivated host, loaded
 * when one is shown: a page that works does not carry them in its first load (ADR 029). A
 * server-rendered one hydrates once its code has arrived; React holds the hydration at the root's
 * Suspense boundary meanwhile.
 *
 * A route takes them with `wrapInSuspense: false`, as `rootErrorPages` and `hostErrorPage` hand
 * them out. The router wraps a route in a Suspense boundary while its error component's `preload`
 * is set; loading the component clears it in the browser but not on the server, so a
 * server-rendered error page, whose component the router loads before hydrating, would hydrate
 * into a different tree (React #418).
 */
const loadErrorPages = () => import('./ErrorPages')

export const NotFoundPage = lazyRouteComponent(loadErrorPages, 'NotFoundPage')
export const UnavailablePage = lazyRouteComponent(loadErrorPages, 'UnavailablePage')

/** The root route's error and not-found pages, with the option they need (above). */
export const rootErrorPages = {
  errorComponent: lazyRouteComponent(loadErrorPages, 'RootErrorPage'),
  notFoundComponent: NotFoundPage,
  wrapInSuspense: false,
} as const

/** A host layout's error page, with the option it needs (above). */
export const hostErrorPage = {
  errorComponent: lazyRouteComponent(loadErrorPages, 'HostErrorPage'),
  wrapInSuspense: false,
} as const
