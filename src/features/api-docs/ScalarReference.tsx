import '@scalar/api-reference-react/style.css'
import { type AnyApiReferenceConfiguration, ApiReferenceReact } from '@scalar/api-reference-react'
import { openApiDocumentUrl } from './api-docs.functions'

/**
 * Scalar's viewer of the OpenAPI document, loaded by /api/docs after it hydrated: its JS and CSS
 * are chunks of our build. Everything that would reach Scalar's servers stays off (ADR 061).
 */
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
} satisfies AnyApiReferenceConfiguration

export default function ScalarReference() {
  return <ApiReferenceReact configuration={configuration} />
}
