import { tenantOrigin, waitForHydratedPage } from './support/session'
import { expect, type Page, type Route, test } from './support/test'

/**
 * Holds back every script request of `page` until `release` is called: what the page shows
 * meanwhile is what the server's HTML and stylesheet paint alone.
 *
 * Navigations under it wait for the parsed document, not for `load`: a held script the loader
 * adds while a font or image is still loading delays `load` until it is released.
 */
async function holdScripts(page: Page) {
  const held: Route[] = []
  let released = false
  await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : held.push(route)))
  return {
    requested: () => held.map((route) => new URL(route.request().url()).pathname),
    release: async () => {
      released = true
      await Promise.all(held.map((route) => route.continue()))
    },
  }
}

test('public pages are painted before their scripts are fetched, then hydrate (ADR 083)', async ({
  page,
  baseURL,
}) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  const pages = [
    { url: `${shop}/blueten`, heading: 'Blüten' },
    { url: `${baseURL}/login`, heading: 'Anmelden' },
  ]
  for (const { url, heading } of pages) {
    const scripts = await holdScripts(page)
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' })
    // The HTML names its scripts only inside the inline loaders: no tag the parser would fetch.
    const html = (await response?.text()) ?? ''
    expect(html).toContain('/assets/index-')
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/)
    expect(html).not.toContain('<link rel="modulepreload"')
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // Painted with no script of the app run yet.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length),
      )
      .toBe(1)
    await expect
      .poll(scripts.requested)
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]))
    expect(
      await page.evaluate(() =>
        Object.keys(document.querySelector('main') ?? {}).some((key) =>
          key.startsWith('__reactFiber'),
        ),
      ),
    ).toBe(false)

    await scripts.release()
    await waitForHydratedPage(page)
    await page.unrouteAll()
  }
})

test('a link clicked before the scripts have run leads to its page (ADR 083)', async ({
  page,
  baseURL,
}) => {
  const scripts = await holdScripts(page)
  await page.goto(`${tenantOrigin(baseURL, 'sonnen-apotheke')}/blueten`, {
    waitUntil: 'domcontentloaded',
  })
  // The click lands on the server's plain link: the browser loads the product's page itself.
  await page.getByRole('link', { name: /Nordlicht Nordstern/ }).click()
  await expect(page).toHaveURL(/\/blueten\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: /Nordstern/ })).toBeVisible()
  await scripts.release()
  await waitForHydratedPage(page)
})
