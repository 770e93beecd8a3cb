import { hwgViolationsIn } from '../support/hwg-forbidden'
import { openShopAsPatient, tenantOrigin } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * The HWG check (§ 10 HWG, domain.md): the shop's public pages — the storefront, both catalogue
 * lists, a product page of each, the Rezeptkonfigurator — show what identifies a product and
 * whether it is available, and nothing of the shared list of forbidden patterns (scarcity,
 * recommendations, aroma, effect claims, rankings by potency). The same pages behind a patient's
 * login follow the same rules. Reads demo data only.
 */

const sortSelect = (page: Page) => page.locator('select[name="sort"]')

/** Everything a visitor reads, the options of every select included. */
const visibleText = (page: Page) =>
  page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('option')].map((option) => option.textContent ?? ''),
    ].join('\n'),
  )

async function expectNoAdvertising(page: Page) {
  expect(hwgViolationsIn(await visibleText(page)), page.url()).toEqual([])
}

/** A catalogue list: checked, every card says whether it is available; answers a product's path. */
async function checkList(page: Page, url: string): Promise<string> {
  await page.goto(url)
  const cards = page.getByRole('article')
  await expect(cards.first()).toBeVisible()
  await expectNoAdvertising(page)
  for (const card of await cards.all()) {
    await expect(card.getByText(/^(nicht )?vorrätig/)).toBeVisible()
  }
  const sorts = await sortSelect(page).locator('option').allTextContents()
  expect(sorts[0]).toBe('Name (A–Z)')
  expect(sorts.join(' ')).not.toMatch(/THC|CBD|Neu/)
  const href = await cards.first().getByRole('link').first().getAttribute('href')
  if (!href) throw new Error(`no product link on ${url}`)
  return href
}

async function checkProduct(page: Page, url: string) {
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAdvertising(page)
  await expect(
    page
      .getByRole('complementary', { name: 'Preis und Verfügbarkeit' })
      .getByText(/^(nicht )?vorrätig/),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Beschreibung' })).toHaveCount(0)
}

async function checkShop(page: Page, shop: string) {
  await page.goto(`${shop}/shop`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAdvertising(page)
  for (const list of ['/blueten', '/extrakte']) {
    const product = await checkList(page, `${shop}${list}`)
    await checkProduct(page, `${shop}${product}`)
  }
  await page.goto(`${shop}/rezeptkonfigurator`)
  await expect(page.getByRole('heading', { level: 1, name: 'Rezeptkonfigurator' })).toBeVisible()
  await expectNoAdvertising(page)
}

test('HWG check: the public shop pages identify products and their availability, and advertise nothing', async ({
  page,
  baseURL,
}) => {
  await checkShop(page, tenantOrigin(baseURL, 'sonnen-apotheke'))
  // Prices only after login, exact stock amounts shown: the other demo shop.
  await checkShop(page, tenantOrigin(baseURL, 'apotheke-am-markt'))
})

test('HWG check: a ranking by THC is no sort any more, an old link shows the list by name', async ({
  page,
  baseURL,
}) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  const names = () => page.getByRole('article').getByRole('heading').allTextContents()
  await page.goto(`${shop}/blueten`)
  const byName = await names()
  expect(byName.length).toBeGreaterThan(1)
  await page.goto(`${shop}/blueten?sort=thc-desc`)
  await expect(sortSelect(page)).toHaveValue('name')
  expect(await names()).toEqual(byName)
})

test('HWG check: the same rules behind the patient login', async ({ page, baseURL }) => {
  const shop = await openShopAsPatient(page, baseURL)
  await checkShop(page, shop)
})
