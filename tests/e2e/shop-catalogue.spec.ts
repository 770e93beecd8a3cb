import { expectNoSeriousViolations } from './support/axe'
import { expectNotFoundPageWorks, tabTo, watchPageErrors } from './support/page'
import { tenantOrigin, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A patient browses Sonnen-Apotheke's catalogue: searches and filters flowers by THC and genetics, opens a
 * product and follows it into the Rezeptkonfigurator; the same filters work without JavaScript;
 * every catalogue page passes a keyboard walk and axe; a phone's view is photographed for the
 * report. Reads demo data only and changes nothing.
 */

/** Nordlicht's Nordstern, loose by the gram: in stock, hybrid, about 22 % THC. */
const nordstern = '00000000-0000-4000-8000-000000003001'
/** The Nordlicht extract, 10 ml. */
const nordlichtExtract = '00000000-0000-4000-8000-000000003021'

const results = (page: Page) => page.getByRole('status').filter({ hasText: /Blüten?|Extrakte?/ })
const cards = (page: Page) => page.getByRole('article')
const filters = (page: Page) => page.getByRole('form', { name: 'Suche, Filter und Sortierung' })

/** Every card's THC in % and genetics, as shown. */
async function shownFacts(page: Page) {
  return cards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const value = (label: string) =>
        [...article.querySelectorAll('dt')].find((dt) => dt.textContent === label)
          ?.nextElementSibling?.textContent ?? ''
      return {
        thc: Number(value('THC').replace(/\s*%/, '').replace(',', '.')),
        genetics: value('Genetik'),
      }
    }),
  )
}

test('a patient filters flowers by THC and genetics, opens one and takes it to the configurator', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/blueten`)
  await expect(page.getByRole('heading', { level: 1, name: 'Blüten' })).toBeVisible()
  await expect(results(page)).toHaveText('20 Blüten')
  await waitForHydratedForm(page)

  const form = filters(page)
  // With JavaScript every field applies by itself: the button is for pages without it.
  await expect(form.getByRole('button', { name: 'Filter anwenden' })).toBeHidden()
  const searchBox = form.getByRole('searchbox', { name: 'Suche' })
  await searchBox.fill('nordstern')
  await expect(page).toHaveURL(/q=nordstern/)
  await expect(results(page)).toHaveText('1 Blüte')
  await expect(page.getByRole('link', { name: /Nordlicht Nordstern/ })).toBeVisible()
  await searchBox.fill('')
  await expect(results(page)).toHaveText('20 Blüten')
  // A number applies once the typing pauses, without a button.
  await form.getByRole('group', { name: 'THC-Gehalt' }).getByLabel('von').fill('20')
  await expect(page).toHaveURL(/thcMin=20/)
  await expect(results(page)).not.toHaveText('20 Blüten')
  const withThc = (await results(page).textContent()) ?? ''
  await form.getByRole('checkbox', { name: /^Hybrid/ }).check()
  await expect(page).toHaveURL(/genetics=/)
  // Indica and sativa flowers above 20 % drop out once the list has loaded.
  await expect(results(page)).not.toHaveText(withThc)
  const facts = await shownFacts(page)
  expect(facts.length).toBeGreaterThan(0)
  for (const fact of facts) {
    expect(fact.thc).toBeGreaterThanOrEqual(20)
    expect(fact.genetics).toMatch(/^Hybrid/)
  }
  // The filtered list is a link: loading it afresh shows the same.
  await page.reload()
  await expect(form.getByRole('checkbox', { name: /^Hybrid/ })).toBeChecked()
  await expect(form.getByRole('group', { name: 'THC-Gehalt' }).getByLabel('von')).toHaveValue('20')

  await page.getByRole('link', { name: /Nordlicht Nordstern/ }).click()
  await expect(page).toHaveURL(`${shop}/blueten/${nordstern}`)
  await expect(page.getByRole('heading', { level: 1, name: /Nordlicht Nordstern/ })).toBeVisible()
  await expect(page.getByText('Rezept erforderlich')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Aktuelle Charge' })).toBeVisible()
  await expect(page.getByText('Verwendbar bis')).toBeVisible()
  await expect(page.getByText('13,69 €')).toBeVisible()

  await page.getByRole('link', { name: 'Im Rezeptkonfigurator verwenden' }).click()
  await expect(page).toHaveURL(`${shop}/rezeptkonfigurator?produkt=${nordstern}`)
  expect(errors).toEqual([])
})

test('the catalogue filters without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/blueten`)
  await expect(results(page)).toHaveText('20 Blüten')
  const form = filters(page)
  await form.getByRole('searchbox', { name: 'Suche' }).fill('Nordlicht')
  await form.getByRole('button', { name: 'Filter anwenden' }).click()
  await expect(page).toHaveURL(/q=Nordlicht/)
  await expect(page.getByRole('link', { name: /Nordlicht Nordstern/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /Granitmond/ })).toBeHidden()
  await form.getByRole('searchbox', { name: 'Suche' }).fill('')
  await form.getByRole('group', { name: 'THC-Gehalt' }).getByLabel('von').fill('25')
  await form.getByRole('checkbox', { name: /^Indica/ }).check()
  await form.getByRole('button', { name: 'Filter anwenden' }).click()
  await expect(page).toHaveURL(/thcMin=25/)
  const facts = await shownFacts(page)
  expect(facts.length).toBeGreaterThan(0)
  for (const fact of facts) {
    expect(fact.thc).toBeGreaterThanOrEqual(25)
    expect(fact.genetics).toBe('Indica')
  }
  // Pages and products are plain links too.
  await page.getByRole('link', { name: /Granitmond/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Granitmond/ })).toBeVisible()
  await context.close()
})

test.describe('keyboard and axe', () => {
  test('the flower list and a product page', async ({ page, baseURL }) => {
    const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
    await page.goto(`${shop}/blueten`)
    await waitForHydratedForm(page)
    await expectNoSeriousViolations(page)
    // A ticked box applies at once and keeps the focus, so the walk goes on from it.
    const sativa = filters(page).getByRole('checkbox', { name: /^Sativa/ })
    await tabTo(page, sativa)
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/genetics=/)
    await expect(sativa).toBeFocused()
    await expect(sativa).toBeChecked()
    const product = page.getByRole('article').first().getByRole('link')
    await tabTo(page, product)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/blueten\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousViolations(page)
    await tabTo(page, page.getByRole('link', { name: 'Im Rezeptkonfigurator verwenden' }))
  })

  test('the extract list and a product page', async ({ page, baseURL }) => {
    const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
    await page.goto(`${shop}/extrakte`)
    await expect(page.getByRole('heading', { level: 1, name: 'Extrakte' })).toBeVisible()
    await expect(results(page)).toHaveText('6 Extrakte')
    await expectNoSeriousViolations(page)
    await tabTo(
      page,
      page.getByRole('link', { name: 'Nordlicht Vollspektrumextrakt THC 25 · 10 ml' }),
    )
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`${shop}/extrakte/${nordlichtExtract}`)
    await expect(page.getByText('Rezept erforderlich')).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('a product of another category, or of another shop, is not found', async ({
    page,
    baseURL,
  }) => {
    const errors = watchPageErrors(page)
    const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
    expect((await page.goto(`${shop}/extrakte/${nordstern}`))?.status()).toBe(404)
    const market = tenantOrigin(baseURL, 'apotheke-am-markt')
    expect((await page.goto(`${market}/blueten/${nordstern}`))?.status()).toBe(404)
    await expectNotFoundPageWorks(page, `${market}/shop`)
    expect(errors).toEqual([])
  })
})

test('a phone shows the list and a product page in one column', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/blueten`)
  await expect(results(page)).toHaveText('20 Blüten')
  // The filters fold away behind their summary; nothing is wider than the screen.
  await expect(filters(page)).toBeHidden()
  await page.getByText('Suche, Filter und Sortierung').click()
  await expect(filters(page)).toBeVisible()
  await page.getByText('Suche, Filter und Sortierung').click()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/catalogue-mobile-list.png' })
  await page.goto(`${shop}/blueten/${nordstern}`)
  await expect(page.getByRole('heading', { level: 1, name: /Nordlicht Nordstern/ })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/catalogue-mobile-product.png', fullPage: true })
  await context.close()
})

test('robots.txt and sitemap.xml per host', async ({ page, baseURL }) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  const robots = await (await page.goto(`${shop}/robots.txt`))?.text()
  expect(robots).toContain('Disallow: /account')
  expect(robots).toContain(`Sitemap: ${shop}/sitemap.xml`)
  const sitemap = await page.goto(`${shop}/sitemap.xml`)
  expect(sitemap?.headers()['content-type']).toContain('application/xml')
  const urls = await sitemap?.text()
  for (const path of ['/shop', '/blueten', '/extrakte', '/rezeptkonfigurator']) {
    expect(urls).toContain(`<loc>${shop}${path}</loc>`)
  }
  expect(urls).toContain(`<loc>${shop}/blueten/${nordstern}</loc>`)
  expect(urls).toContain(`<loc>${shop}/extrakte/${nordlichtExtract}</loc>`)

  const club = tenantOrigin(baseURL, 'gruene-ecke')
  expect(await (await page.goto(`${club}/robots.txt`))?.text()).toBe('User-agent: *\nDisallow:\n')
  expect((await page.goto(`${club}/sitemap.xml`))?.status()).toBe(404)
})

/** Sonnen-Apotheke's Küstennebel 10 g pack: its master product has a demo pack photo. */
const kuestennebelPack = '00000000-0000-4000-8000-000000003014'

test('cards show the pack photo as its small rendition, other cards no image', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/blueten`)
  await expect(results(page)).toHaveText('20 Blüten')
  const photos = cards(page).getByRole('img', { name: /^Packung von / })
  // The demo's three flower packs with a confirmed pack photo; every other card has no image.
  await expect(photos).toHaveCount(3)
  await expect(cards(page).locator('img')).toHaveCount(3)
  const photoCard = cards(page).filter({
    has: page.getByRole('link', { name: /Küstennebel.*10 g/ }),
  })
  const photo = photoCard.getByRole('img')
  await expect(photo).toHaveAttribute('alt', /^Packung von Polderveld Küstennebel/)
  await expect(photo).toHaveAttribute('loading', 'lazy')
  await expect(photo).toHaveAttribute('width', '384')
  await expect(photo).toHaveAttribute('height', '384')
  await photo.scrollIntoViewIfNeeded()
  // The card loads the 384 px rendition, not the 1,600 px original, and shows it at 96 px.
  await expect(photo).toHaveJSProperty('naturalWidth', 384)
  expect(await photo.evaluate((image) => image.getBoundingClientRect().width)).toBe(96)
  await photoCard.screenshot({ path: 'test-results/catalogue-pack-photo-card.png' })
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('a product page shows its pack photo, a product without one no image', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/blueten/${kuestennebelPack}`)
  const pagePhoto = page.getByRole('img', { name: /^Packung von Polderveld Küstennebel/ })
  await expect(pagePhoto).toHaveJSProperty('naturalWidth', 384)
  await expect(pagePhoto).not.toHaveAttribute('loading', 'lazy')
  await page.screenshot({ path: 'test-results/catalogue-pack-photo-product.png', fullPage: true })
  await expectNoSeriousViolations(page)

  await page.goto(`${shop}/extrakte/${nordlichtExtract}`)
  await expect(page.getByRole('img', { name: /^Packung von Nordlicht/ })).toHaveJSProperty(
    'naturalWidth',
    384,
  )
  // A product without a pack photo: no image, no placeholder.
  await page.goto(`${shop}/blueten/${nordstern}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('main img')).toHaveCount(0)
  expect(errors).toEqual([])
})
