import { watchPageErrors } from './support/page'
import { openBackOffice, tenantOrigin, waitForHydratedPage } from './support/session'
import { expect, type Page, test } from './support/test'

/** Each route's chunks as the server names them for the browser to preload, on every host (ADR 029). */
async function chunksOfRoute(page: Page, routeId: string): Promise<string[]> {
  const answer = await page.request.get('/api/route-chunks?build=test')
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const byRoute = (await answer.json()) as Record<string, string[]>
  // The root's chunks are the entry and the framework, which a page has loaded already.
  expect(Object.keys(byRoute)).not.toContain('__root__')
  const chunks = byRoute[routeId] ?? []
  expect(chunks.length, `${routeId} names its chunks`).toBeGreaterThan(1)
  return chunks
}

const preloadedFiles = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  )

test('pointing at a product preloads all of its page chunks at once, then it opens', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  const productChunks = await chunksOfRoute(page, '/_shop/blueten/$id')
  await page.goto(`${shop}/blueten`)
  await waitForHydratedPage(page)
  expect(await preloadedFiles(page)).not.toEqual(expect.arrayContaining(productChunks))

  const product = page.getByRole('link', { name: /Nordlicht Nordstern/ })
  await product.hover()
  await expect.poll(() => preloadedFiles(page)).toEqual(expect.arrayContaining(productChunks))
  await product.click()
  await expect(page.getByRole('heading', { level: 1, name: /Nordlicht Nordstern/ })).toBeVisible()
  expect(errors).toEqual([])
})

test('a back-office page opened from the navigation has its chunks preloaded', async ({ page }) => {
  const errors = watchPageErrors(page)
  const customerListChunks = await chunksOfRoute(page, '/_app/customers/')
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.getByRole('link', { name: 'Kunden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible()
  expect(await preloadedFiles(page)).toEqual(expect.arrayContaining(customerListChunks))
  expect(errors).toEqual([])
})
