/// <reference types="vite/client" />

import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useHydrated,
  useMatches,
} from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { ensureSession } from '~/features/session/session'
import type { SessionStore } from '~/features/session/session-store'
import { rootErrorPages, UnavailablePage } from '~/features/shell/lazy-error-pages'
import { fetchRouteChunks, preloadRouteChunks } from '~/features/shell/route-chunks'
import type { ServerRender } from '~/features/shell/server-render'
import { type CartCountStore, ensureCartCount } from '~/features/shop/cart/cart-count'
import { type LoadedTenant, loadTenant } from '~/features/tenant/tenant'
import { VersionBanner } from '~/features/version-check/VersionBanner'
import type { ApiClient } from '~/lib/api-client'
import { routeTreeOf } from '~/lib/route-trees'
import appCss from '~/styles/app.css?url'

// Toasts only follow what a visitor does, so the toaster loads after hydration, off the first load.
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })))

export interface RouterContext {
  queryClient: QueryClient
  session: SessionStore
  api: ApiClient
  serverRender: ServerRender
  loadedTenant: LoadedTenant
  cartCount: CartCountStore
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location, matches }) => {
    // First, so the chunks of a route being opened or preloaded are fetched side by side.
    preloadRouteChunks(matches.map((match) => match.routeId))
    const tenant = await loadTenant(context.loadedTenant)
    await ensureSession(context.session, location.pathname)
    await ensureCartCount(context.cartCount, tenant, context.session.state)
    return { tenant }
  },
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      // Every page matches the root and a route below it; the root alone means no page matched.
      { title: matches.length === 1 ? 'Page Not Found' : 'Blattwerk' },
      {
        name: 'description',
        content:
          'Blattwerk – die Plattform für den Cannabis-Handel: Warenwirtschaft und Online-Shop.',
      },
    ],
    links: [
      // The font is found only once the stylesheet is parsed; preloading it saves that round trip.
      {
        rel: 'preload',
        href: interLatin,
        as: 'font',
        type: 'font/woff2',
        crossOrigin: 'anonymous',
      },
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
  ...rootErrorPages,
})

function RootLayout() {
  const hydrated = useHydrated()
  useEffect(fetchRouteChunks, [])
  const { tenant } = Route.useRouteContext()
  return (
    <>
      {tenant && !tenant.available ? <UnavailablePage /> : <Outlet />}
      <VersionBanner />
      {hydrated && (
        <Suspense fallback={null}>
          {/* Bottom right, away from the headers' cart and account links; on a phone sonner
              spans the toasts across the bottom. Its region (with sonner's shortcut to it) and
              close buttons are named in German: sonner's own names are English. */}
          <Toaster
            position="bottom-right"
            richColors
            closeButton
            customAriaLabel="Meldungen (Alt+T)"
            toastOptions={{ closeButtonAriaLabel: 'Meldung schließen' }}
          />
        </Suspense>
      )}
    </>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  // Tells the page's scripts which route tree to hydrate with (router.tsx, ADR 085).
  const routeTree = useMatches({
    select: (matches) => routeTreeOf(matches.map((match) => match.routeId)),
  })
  return (
    <html lang="de" data-route-tree={routeTree}>
      <head>
        <HeadContent />
      </head>
      <body className="min-h-screen">
        {children}
        <Scripts />
      </body>
    </html>
  )
}
