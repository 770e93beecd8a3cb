import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { uploadRoutePurposes, uploadSizeLimits } from '~/server/files/upload-routes.server'
import { maxJsonBodyBytes } from '~/server/http.server'
import { bodyLimitFor } from '~/server/request-body.server'

const routesDir = path.join(import.meta.dirname, '../../src/routes')

/** Every route that takes a file upload (`body: 'multipart'`): its path and its source. */
async function uploadRoutes(): Promise<{ path: string; source: string }[]> {
  const files = (await readdir(routesDir, { recursive: true })).filter((file) =>
    file.endsWith('.ts'),
  )
  const routes: { path: string; source: string }[] = []
  for (const file of files) {
    const source = await readFile(path.join(routesDir, file), 'utf8')
    if (!source.includes("body: 'multipart'")) continue
    const routePath = /createFileRoute\('([^']+)'\)/.exec(source)?.[1]
    if (!routePath) throw new Error(`${file}: no route path found`)
    routes.push({ path: routePath, source })
  }
  return routes
}

describe('upload limits', () => {
  it('lets every upload route take more than a JSON body, with a message of its own', async () => {
    const routes = await uploadRoutes()
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/admin/product-imports', '/api/files/shop-logos']),
    )
    for (const route of routes) {
      const limit = bodyLimitFor(route.path)
      expect(limit.message, route.path).toBeDefined()
      expect(limit.bytes, route.path).toBeGreaterThan(maxJsonBodyBytes)
    }
  })

  it("admits each file store upload up to its purpose's size, refusing with the store's words", async () => {
    const fileRoutes = (await uploadRoutes()).filter((route) => route.path.startsWith('/api/files'))
    expect(fileRoutes.map((route) => route.path).sort()).toEqual(
      Object.keys(uploadRoutePurposes).sort(),
    )
    for (const route of fileRoutes) {
      // The handler stores for the route it serves, not for a neighbour's purpose.
      expect(/storeUploadHandler\('([^']+)'\)/.exec(route.source)?.[1]).toBe(route.path)
      const purpose = uploadRoutePurposes[route.path as keyof typeof uploadRoutePurposes]
      const { maxBytes, tooLargeMessage } = uploadSizeLimits[purpose]
      const limit = bodyLimitFor(route.path)
      expect(limit.message).toBe(tooLargeMessage)
      // Room for the multipart framing around a file of the largest size, and not much more.
      expect(limit.bytes - maxBytes).toBeGreaterThan(0)
      expect(limit.bytes - maxBytes).toBeLessThanOrEqual(64 * 1024)
    }
  })
})
