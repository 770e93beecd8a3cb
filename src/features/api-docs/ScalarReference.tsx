import type { createApiReference } from '@scalar/api-reference'
import { useEffect, useRef } from 'react'
import { buildInfo } from '~/lib/build-info'
import { openApiDocumentUrl } from './api-docs.functions'

declare global {
  interface Window {
    /** Defined by Scalar's browser bundle once it has run. */
    Scalar?: { createApiReference: typeof createApiReference }
  }
}

/**
 * Scalar's prebuilt browser bundle, served from our origin (src/routes/api/docs_.scalar[.]js.ts)
 * instead of going through our build, whose other pages would pay for its module helpers
 * (ADR 061). The build id in the URL lets the server cache it for a year.
 */
const scalarBundleUrl = `/api/docs/scalar.js?build=${buildInfo.buildId}`

let scalarLoading: Promise<NonNullable<Window['Scalar']>> | undefined

/** Adds the bundle's script to the document once; later visits of the page reuse it. */
function loadScalar(): Promise<NonNullable<Window['Scalar']>> {
  scalarLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = scalarBundleUrl
    script.async = true
    script.onload = () =>
      window.Scalar ? resolve(window.Scalar) : reject(new Error('Scalar did not load'))
    script.onerror = () => {
      // Another visit of the page may try again.
      scalarLoading = undefined
      script.remove()
      reject(new Error(`Could not load ${scalarBundleUrl}`))
    }
    document.head.append(script)
  })
  return scalarLoading
}

/** Everything that would reach Scalar's servers stays off (ADR 061). */
const configuration = {
  url: openApiDocumentUrl,
  // Inter and JetBrains Mono from fonts.scalar.com; the page uses the app's own font instead.
  withDefaultFonts: false,
  // PostHog analytics of the API client.
  telemetry: false,
  // The toolbar (shown on localhost) shares and deploys documents through Scalar's registry.
  showDeveloperTools: 'never',
  // Agent Scalar (enabled on localhost) and the MCP button talk to Scalar's services.
  agent: { disabled: true },
  mcp: { disabled: true },
  // The app has no dark mode.
  forceDarkModeState: 'light',
  hideDarkModeToggle: true,
  // Unlayered, so it wins over the theme's layered variables.
  customCss: `:root { --scalar-font: var(--font-sans); }
.light-mode { --scalar-color-accent: var(--color-brand-700); }`,
} satisfies Parameters<typeof createApiReference>[1]

/**
 * Scalar's viewer of the OpenAPI document, mounted into its element once the bundle has loaded;
 * `onMounted` tells the page to drop its server-rendered list. Without the bundle the list stays.
 */
export function ScalarReference({ onMounted }: { onMounted: () => void }) {
  const element = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let unmounted = false
    let destroy: (() => void) | undefined
    loadScalar().then(
      (Scalar) => {
        if (unmounted || !element.current) return
        destroy = Scalar.createApiReference(element.current, configuration).destroy
        onMounted()
      },
      (error: unknown) => console.error(error),
    )
    return () => {
      unmounted = true
      destroy?.()
    }
  }, [onMounted])
  return <div ref={element} />
}
