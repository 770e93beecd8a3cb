// A small round-robin HTTP load balancer for the soak bench (soak.bench.mjs): what a real one in
// front of several app processes does, and no more. It keeps the Host header (tenant subdomains),
// appends X-Forwarded-For, streams responses as they come (the live board's server-sent events),
// passes WebSocket upgrades through, marks a backend down when a connection to it fails, checks
// it back up through /api/health, and retries an idempotent GET or HEAD on the next backend when
// the connection failed before any answer — never a POST, which may have been applied.
import http from 'node:http'
import net from 'node:net'

const healthCheckMs = 500
/** Bench-only: pins a request to one backend, so a live screen can watch a given process. */
export const pinHeader = 'x-soak-backend'

export async function startLoadBalancer(backends, { port = 0 } = {}) {
  const state = backends.map((backend) => ({ ...backend, up: true }))
  let next = 0
  const counters = { retried: 0, failed: 0, markedDown: 0 }

  const pick = (request, tried) => {
    const pinned = request.headers[pinHeader]
    if (pinned !== undefined) {
      const backend = state[Number(pinned)]
      return backend && !tried.has(backend) ? backend : null
    }
    for (let step = 0; step < state.length; step++) {
      const backend = state[next++ % state.length]
      if (backend.up && !tried.has(backend)) return backend
    }
    return null
  }

  const markDown = (backend) => {
    if (!backend.up) return
    backend.up = false
    counters.markedDown++
  }

  const forwardedFor = (request) => {
    const previous = request.headers['x-forwarded-for']
    const address = request.socket.remoteAddress ?? ''
    return previous ? `${previous}, ${address}` : address
  }

  const server = http.createServer((request, response) => {
    const tried = new Set()
    const idempotent = request.method === 'GET' || request.method === 'HEAD'
    const attempt = () => {
      const backend = pick(request, tried)
      if (!backend) {
        counters.failed++
        response.writeHead(502, { 'content-type': 'text/plain' }).end('no backend')
        return
      }
      tried.add(backend)
      const upstream = http.request({
        host: '127.0.0.1',
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor(request) },
      })
      let answered = false
      upstream.on('response', (answer) => {
        answered = true
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
        answer.pipe(response)
        answer.on('error', () => response.destroy())
      })
      upstream.on('error', () => {
        markDown(backend)
        if (answered) {
          response.destroy()
        } else if (idempotent && !response.headersSent) {
          counters.retried++
          attempt()
        } else {
          counters.failed++
          if (!response.headersSent) {
            response.writeHead(502, { 'content-type': 'text/plain' }).end('backend failed')
          } else response.destroy()
        }
      })
      response.on('close', () => {
        if (!response.writableFinished) upstream.destroy()
      })
      if (idempotent) upstream.end()
      else request.pipe(upstream)
    }
    attempt()
  })
  // A response that streams for long (server-sent events) must not be cut by the server's timeouts.
  server.requestTimeout = 0
  server.headersTimeout = 60_000

  server.on('upgrade', (request, socket, head) => {
    const backend = pick(request, new Set())
    if (!backend) return socket.destroy()
    const upstream = net.connect(backend.port, '127.0.0.1', () => {
      const headers = Object.entries({
        ...request.headers,
        'x-forwarded-for': forwardedFor(request),
      }).map(([name, value]) => `${name}: ${value}`)
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    upstream.on('error', () => {
      markDown(backend)
      socket.destroy()
    })
    socket.on('error', () => upstream.destroy())
  })

  const healthTimer = setInterval(() => {
    for (const backend of state) {
      if (backend.up) continue
      fetch(`http://127.0.0.1:${backend.port}/api/health`).then(
        (answer) => {
          if (answer.ok) backend.up = true
        },
        () => {},
      )
    }
  }, healthCheckMs)

  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: server.address().port,
    counters,
    isUp: (index) => state[index]?.up ?? false,
    close: () => {
      clearInterval(healthTimer)
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
