import { randomBytes } from 'node:crypto'

const nonceBytes = 16
/**
 * Random bytes for nonces, drawn 4 KiB at a time: one call into the system's generator per 256
 * pages instead of one per page. Each byte serves one nonce only.
 */
let randomPool = Buffer.alloc(0)
let poolOffset = 0

/** A CSP nonce: 128 random bits, base64 as the `nonce-source` grammar wants it. */
export function createCspNonce(): string {
  if (poolOffset + nonceBytes > randomPool.length) {
    randomPool = randomBytes(4096)
    poolOffset = 0
  }
  poolOffset += nonceBytes
  return randomPool.toString('base64', poolOffset - nonceBytes, poolOffset)
}

/** The page policy after `script-src`: the same for every page, so joined once. */
const policyAfterScripts = [
  // Server-rendered style attributes (tenant colours, Radix) and the <style> sonner inserts.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  // A private PDF (a CoA) is shown in a tab of its own as the local copy the page fetched with
  // its token, framed by a page titled with the batch (Certificate.tsx, ADR 075).
  "frame-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ')

// No 'strict-dynamic': it would let any script the page's own code creates run, in Chromium
// inline ones too. The app's chunks are same-origin files, 'self' covers them.
const pagePolicy = (scriptSources: readonly string[]) =>
  `default-src 'self'; script-src ${["'self'", ...scriptSources].join(' ')}; ${policyAfterScripts}`

/** The `script-src` source that admits the scripts stamped with `cspNonce`. */
export const nonceSource = (cspNonce: string) => `'nonce-${cspNonce}'`

/**
 * The pages that scan pack codes with the device camera (ADR 074): goods receipt, an order's page
 * (its fulfilment dialog picks batches) and a club's hand-out. Only they may use the camera.
 */
const cameraPages = [
  /^\/purchase_orders\/[^/]+\/receipt\/?$/,
  /^\/customer_orders\/[^/]+\/?$/,
  /^\/abgabe\/neu\/?$/,
]

export const mayUseCamera = (pathname: string): boolean =>
  cameraPages.some((page) => page.test(pathname))

/**
 * Headers every response carries; pages additionally get a Content-Security-Policy that runs only
 * the app's files and the inline scripts `scriptSources` admits: this response's nonce, or for a
 * page from the page cache the hashes of the scripts its render stamped (ADR 082). Hydration data
 * holds the access token, so markup an attacker slips into a page must not run.
 */
export function applySecurityHeaders(
  headers: Headers,
  request: Request,
  scriptSources: readonly string[] = [],
): void {
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  const camera = mayUseCamera(new URL(request.url).pathname) ? 'camera=(self)' : 'camera=()'
  headers.set('Permissions-Policy', `${camera}, microphone=(), geolocation=(), payment=(self)`)
  if (request.url.startsWith('https:')) {
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
  if (headers.get('content-type')?.startsWith('text/html')) {
    headers.set('Content-Security-Policy', pagePolicy(scriptSources))
  }
}
