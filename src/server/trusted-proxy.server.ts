import proxyAddr from 'proxy-addr'

/** Whether an address belongs to a proxy from TRUST_PROXY; `hop` 0 is the direct peer. */
export type ProxyTrust = (address: string, hop: number) => boolean

export function compileProxyTrust(trustedProxies: readonly string[]): ProxyTrust {
  return proxyAddr.compile([...trustedProxies])
}

/** What the request says about its client once only the trusted proxies' word counts. */
export interface ForwardedView {
  clientIp: string
  /** `X-Forwarded-Host` as the outermost trusted proxy set it; null when none applies. */
  host: string | null
  /** `X-Forwarded-Proto` as the outermost trusted proxy set it; null when none applies. */
  protocol: 'http' | 'https' | null
}

interface HeaderSource {
  get(name: string): string | null
}

// A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing a URL would reinterpret.
const hostPattern = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)(:\d{1,5})?$/i

function headerList(value: string | null): string[] {
  if (!value) return []
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/**
 * Each proxy appends the address it received the request from to `X-Forwarded-For`, so the list
 * read from the right is the path back to the client. Walking it from the direct peer, every
 * trusted proxy vouches for the next entry; the first address that is not a trusted proxy is the
 * client. Entries further left were written by the client and are ignored.
 */
export function resolveForwarded(
  peer: string,
  headers: HeaderSource,
  trust: ProxyTrust,
): ForwardedView {
  const path = [peer, ...headerList(headers.get('x-forwarded-for')).reverse()]
  let trustedHops = 0
  while (trustedHops < path.length && trust(path[trustedHops] as string, trustedHops)) {
    trustedHops++
  }
  if (trustedHops === 0) return { clientIp: peer, host: null, protocol: null }
  // When every hop is a trusted proxy, the left-most entry is the best the chain knows.
  const clientIp = path[Math.min(trustedHops, path.length - 1)] as string
  // A proxy that overwrites X-Forwarded-Host/-Proto leaves one entry; proxies that append leave one
  // per hop, and the outermost trusted one wrote the entry `trustedHops` from the right.
  const forwardedValue = (name: string) => {
    const values = headerList(headers.get(name))
    return values[Math.max(0, values.length - trustedHops)] ?? null
  }
  const host = forwardedValue('x-forwarded-host')
  const protocol = forwardedValue('x-forwarded-proto')?.toLowerCase()
  return {
    clientIp,
    host: host && hostPattern.test(host) ? host.toLowerCase() : null,
    protocol: protocol === 'http' || protocol === 'https' ? protocol : null,
  }
}

/** srvx's request: `ip` is the direct peer's address. */
type PeerRequest = Request & { ip?: string }

/**
 * Middleware for the Node server, run before anything answers: replaces the request's `ip` with
 * the client's address and its URL's host and protocol with the forwarded ones, so that
 * `clientIpOf` and `requestHost` (and Start's CSRF origin check) see what the client addressed.
 */
export function trustedProxyMiddleware(trustedProxies: readonly string[]) {
  const trust = compileProxyTrust(trustedProxies)
  return (request: PeerRequest, next: () => Response | Promise<Response>) => {
    const peer = request.ip
    if (!peer) return next()
    const forwarded = resolveForwarded(peer, request.headers, trust)
    if (forwarded.clientIp !== peer) {
      Object.defineProperty(request, 'ip', { value: forwarded.clientIp, enumerable: true })
    }
    if (forwarded.host || forwarded.protocol) {
      const url = new URL(request.url)
      const rewritten = new URL(
        `${forwarded.protocol ?? url.protocol.slice(0, -1)}://${forwarded.host ?? url.host}`,
      )
      rewritten.pathname = url.pathname
      rewritten.search = url.search
      Object.defineProperty(request, 'url', { value: rewritten.href, enumerable: true })
    }
    return next()
  }
}
