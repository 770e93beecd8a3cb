import { tenantOrigin } from './support/session'
import { expect, test } from './support/test'

test('text is set in the self-hosted Inter, preloaded once from the app', async ({
  page,
  baseURL,
}) => {
  const pages = [`${baseURL}/login`, `${tenantOrigin(baseURL, 'sonnen-apotheke')}/shop`]
  for (const url of pages) {
    const fontRequests: string[] = []
    const onRequest = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url())
    }
    page.on('request', onRequest)
    await page.goto(url)
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute(
      'crossorigin',
      'anonymous',
    )
    const loadedFamilies = await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts].filter((font) => font.status === 'loaded').map((f) => f.family)
    })
    page.off('request', onRequest)

    expect(loadedFamilies).toContain('Inter Variable')
    const headingFont = await page
      .getByRole('heading', { level: 1 })
      .first()
      .evaluate((heading) => getComputedStyle(heading).fontFamily)
    expect(headingFont).toMatch(/^"Inter Variable"/)
    // One file from the app's own assets: the preload is the request the stylesheet uses.
    expect(fontRequests).toHaveLength(1)
    expect(new URL(fontRequests[0] as string).pathname).toMatch(
      /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
    )
  }
})
