import { randomBytes } from 'node:crypto'

/** A CSP nonce: 128 random bits, base64 as the `nonce-source` grammar wants it. */
export function createCspNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * Headers every response carries; pages additionally get a Content-Security-Policy that runs only
 * the scripts stamped with this response's nonce. Their hydration data holds the access token, so
 * markup an attacker slips into a page must not run.
 */
export function applySecurityHeaders(headers: Headers, request: Request, cspNonce: string): void {
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)')
  if (new URL(request.url).protocol === 'https:') {
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
  if (headers.get('content-type')?.startsWith('text/html')) {
    headers.set(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        // No 'strict-dynamic': it would let any script the page's own code creates run, in
        // Chromium inline ones too. The app's chunks are same-origin files, 'self' covers them.
        `script-src 'self' 'nonce-${cspNonce}'`,
        // Server-rendered style attributes (tenant colours, Radix) and the <style> sonner inserts.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join('; '),
    )
  }
}
