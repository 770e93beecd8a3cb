import path from 'node:path'
import { type ListLogin, listPages } from './support/list-pages'
import { openBackOffice, openShopAsPatient, waitForHydratedPage } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * Every list at the widths people use (issue 35): a 1280 and a 1366 px laptop and a 390 px phone.
 * No page scrolls sideways, and the page's main action (the header's buttons) is on screen. Each
 * page loads once and is then resized, which keeps the whole round short.
 */

const widths = [
  { width: 1280, height: 800 },
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const

const passwords: Record<Exclude<ListLogin, 'shop'>, string> = {
  apotheke: 'apotheke-demo-2026',
  verein: 'verein-demo-2026',
  grosshandel: 'grosshandel-demo-2026',
  admin: 'admin-demo-2026',
}

/** What overflows at the current size: the page's width, and header actions outside the screen. */
async function overflowAt(page: Page) {
  // Two frames: the resize has been laid out and painted.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement
    const offScreen = [...document.querySelectorAll('[data-page-actions] :is(a, button)')]
      .filter((action) => {
        const box = action.getBoundingClientRect()
        return box.width > 0 && (box.left < 0 || box.right > clientWidth)
      })
      .map((action) => action.textContent?.trim())
    // A table's frame scrolls by itself; only a region meant to (focusable, like a raw file's
    // columns in the import preview) may.
    const scrollsInside = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter(
        (element) =>
          element.scrollWidth > element.clientWidth + 1 &&
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
          element.tabIndex < 0,
      )
      .map((element) => `${element.scrollWidth} px in ${element.clientWidth} px`)
    return { scrollWidth, clientWidth, offScreen, scrollsInside }
  })
}

async function expectFitsEveryWidth(page: Page, label: string) {
  for (const size of widths) {
    await page.setViewportSize(size)
    const { scrollWidth, clientWidth, offScreen, scrollsInside } = await overflowAt(page)
    expect
      .soft(scrollWidth, `${label} at ${size.width} px is ${scrollWidth} px wide`)
      .toBeLessThanOrEqual(clientWidth)
    expect.soft(offScreen, `${label} at ${size.width} px: actions off screen`).toEqual([])
    expect.soft(scrollsInside, `${label} at ${size.width} px scrolls inside`).toEqual([])
  }
}

async function visitAll(page: Page, login: ListLogin, origin = '') {
  for (const { path: target } of listPages.filter((list) => list.login === login)) {
    await page.setViewportSize(widths[1])
    await page.goto(`${origin}${target}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await waitForHydratedPage(page)
    await expectFitsEveryWidth(page, target)
  }
}

test.describe.configure({ timeout: 90_000 })

for (const login of ['apotheke', 'verein', 'grosshandel'] as const) {
  test(`${login}'s lists fit 1280, 1366 and 390 px`, async ({ page }) => {
    await openBackOffice(page, login, passwords[login])
    await visitAll(page, login)
  })
}

test('on a phone the filters open in a sheet the keyboard works, and apply at once', async ({
  page,
}) => {
  await openBackOffice(page, 'apotheke', passwords.apotheke)
  await page.setViewportSize(widths[2])
  await page.goto('/customer_orders')
  await waitForHydratedPage(page)
  // The list starts under the search: the filters wait behind their button.
  await expect(page.getByLabel('Status', { exact: true })).toBeHidden()
  const open = page.getByRole('button', { name: 'Filter' })
  await open.focus()
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Filter' })
  await expect(sheet).toBeVisible()
  await sheet.getByLabel('Status', { exact: true }).selectOption({ label: 'Abgeschlossen' })
  await expect(page).toHaveURL(/status=completed/)
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(open).toBeFocused()
  await expect(open).toContainText('1')
})

test('without JavaScript a phone shows the filters inline and the search form sends them', async ({
  page,
  browser,
}) => {
  await openBackOffice(page, 'apotheke', passwords.apotheke)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: widths[2],
    storageState: await page.context().storageState(),
  })
  const plain = await context.newPage()
  await plain.goto('/customer_orders')
  await expect(plain.getByRole('button', { name: 'Filter' })).toBeHidden()
  await plain.getByLabel('Status', { exact: true }).selectOption({ label: 'Abgeschlossen' })
  await plain.getByRole('button', { name: 'Anwenden' }).click()
  await expect(plain).toHaveURL(/status=completed/)
  await expect(plain.getByLabel('Status', { exact: true })).toHaveValue('completed')
  await context.close()
})

test("the admin's lists and the product import's preview fit 1280, 1366 and 390 px", async ({
  page,
}) => {
  await openBackOffice(page, 'admin', passwords.admin)
  await visitAll(page, 'admin')

  await page.goto('/admin/product-db/upload')
  await waitForHydratedPage(page)
  await page
    .locator('input[type="file"]')
    .setInputFiles(path.resolve(import.meta.dirname, '../../docs/demo-product-import.csv'))
  await expect(page.getByRole('heading', { name: '3. Vorschau prüfen' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Zeilen der Datei' })).toBeVisible()
  await expectFitsEveryWidth(page, 'the import preview')
})

test("the shop's catalogue and a patient's orders fit 1280, 1366 and 390 px", async ({
  page,
  baseURL,
}) => {
  await visitAll(page, 'shop', await openShopAsPatient(page, baseURL))
})
