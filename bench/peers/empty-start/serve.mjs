// Serves the built empty Start page (`vite build` in this folder) as `npm start` serves the app:
// srvx, the client files from dist/client, and gzip for text (Lighthouse counts transfer sizes).
// Prints the URL it listens on.
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'

const entry = await import(new URL('./dist/server/server.js', import.meta.url).href)

async function gzipText(request, next) {
  const response = await next()
  const type = response.headers.get('content-type') ?? ''
  const acceptsGzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
  if (!acceptsGzip || !response.body || !/^(text\/|application\/javascript)/.test(type)) {
    return response
  }
  const headers = new Headers(response.headers)
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    headers,
  })
}

const server = serve({
  fetch: entry.default.fetch,
  port: 0,
  middleware: [
    gzipText,
    staticMiddleware({ dir: new URL('./dist/client', import.meta.url).pathname }),
  ],
  silent: true,
})
await server.ready()
console.log(`http://localhost:${new URL(server.url).port}/`)
