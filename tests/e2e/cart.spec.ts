import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { logInShop, tenantOrigin, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A guest fills Sonnen-Apotheke's cart from two product pages, sees the header's figure in the
 * server's HTML, changes a quantity on `/warenkorb` by keyboard, goes to the checkout, logs in as
 * the demo customer and finds the items in the account's cart.
 */

/** Nordlicht's Nordstern, loose by the gram: in stock. */
const nordstern = '00000000-0000-4000-8000-000000003001'
/** The Nordlicht extract, 10 ml. */
const nordlichtExtract = '00000000-0000-4000-8000-000000003021'

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Warenkorb/ })

async function addFromProductPage(page: Page, url: string, expectedLines: number) {
  await page.goto(url)
  await waitForHydratedForm(page)
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()
  await expect(cartLink(page)).toContainText(String(expectedLines))
}

test('a guest fills the cart, logs in and finds it in the account', async ({ page, baseURL }) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await addFromProductPage(page, `${shop}/blueten/${nordstern}`, 1)
  await addFromProductPage(page, `${shop}/extrakte/${nordlichtExtract}`, 2)

  // The figure is in the first response's HTML, not fetched after hydration. Node resolves no
  // *.localhost names: the request goes to the server's address with the shop's host and cookie.
  const cookies = await page.context().cookies(shop)
  const response = await page.request.get(`${baseURL}/warenkorb`, {
    headers: {
      host: new URL(shop).host,
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
    },
  })
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toMatch(/data-cart-count="2"/)

  await page.goto(`${shop}/warenkorb`)
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible()
  const lines = page.getByRole('region', { name: 'Produkte im Warenkorb' }).getByRole('listitem')
  await expect(lines).toHaveCount(2)
  await expect(page.getByText('Summe')).toBeVisible()
  await expectNoSeriousViolations(page)

  // Keyboard: one step more of the flower.
  const flowerLine = lines.filter({ hasText: 'Nordstern' })
  const quantity = flowerLine.locator('output')
  const before = await quantity.textContent()
  const more = flowerLine.getByRole('button', { name: 'Menge erhöhen' })
  await tabTo(page, more)
  await page.keyboard.press('Enter')
  await expect(quantity).not.toHaveText(before ?? '')

  await page.getByRole('link', { name: 'Zur Kasse' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/)
  await logInShop(page, 'kunde@example.com', 'kunde-demo-2026')
  await expect(page).toHaveURL(`${shop}/checkout`)

  await page.goto(`${shop}/warenkorb`)
  await expect(lines.filter({ hasText: 'Nordstern' })).toHaveCount(1)
  await expect(lines.filter({ hasText: /Extrakt|Nordlicht/ })).not.toHaveCount(0)
  await expect(lines.filter({ hasText: 'Nordstern' }).locator('output')).not.toHaveText(
    before ?? '',
  )
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('an empty cart points to the assortment', async ({ page, baseURL }) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/warenkorb`)
  await expect(page.getByRole('heading', { name: 'Ihr Warenkorb ist leer' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Blüten ansehen' })).toHaveAttribute(
    'href',
    '/blueten',
  )
  await expectNoSeriousViolations(page)
})
