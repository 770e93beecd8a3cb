// Where a request came from and what it addressed. Imports nothing: the tenant lookup, the actor
// and the HTTP helpers all read these, and none of them may pull the app's wiring in (ADR 059).

/** The host the client addressed (`X-Forwarded-Host` only from a proxy in TRUST_PROXY; see trusted-proxy.server.ts). */
export function requestHost(request: Request): string {
  return new URL(request.url).host
}

/** The client's address: the peer's, or the one a proxy in TRUST_PROXY reported (trusted-proxy.server.ts). */
export function clientIpOf(request: Request): string {
  return (request as Request & { ip?: string }).ip ?? 'unknown'
}
