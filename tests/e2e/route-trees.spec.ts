import { isSameDocument, markDocument, watchPageErrors } from './support/page'
import {
  logInBusiness,
  tenantOrigin,
  waitForDashboard,
  waitForHydratedPage,
} from './support/session'
import { expect, type Page, test } from './support/test'

/** The scripts the page has fetched so far, by path. */
const fetchedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  )

test('a public page hydrates without the back office’s routes, a back-office page with them (ADR 085)', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/blueten`)
  await waitForHydratedPage(page)
  await expect(page.locator('html')).toHaveAttribute('data-route-tree', 'public')
  // The full tree is a chunk of its own; the public one is in the entry.
  expect(await fetchedScripts(page)).not.toContainEqual(expect.stringMatching(/routeTree\.gen-/))
  // The shop's own navigation stays in the page.
  await markDocument(page)
  await page.getByRole('link', { name: /Nordlicht Nordstern/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Nordlicht Nordstern/ })).toBeVisible()
  expect(await isSameDocument(page)).toBe(true)

  await page.goto('/login')
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await waitForDashboard(page)
  await expect(page.locator('html')).toHaveAttribute('data-route-tree', 'full')
  expect(await fetchedScripts(page)).toContainEqual(expect.stringMatching(/routeTree\.gen-/))
  expect(errors).toEqual([])
})

test('from a public page, the back office opens as a new page; one step back returns', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await page.goto('/login')
  await markDocument(page)
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await waitForDashboard(page)
  expect(await isSameDocument(page)).toBe(false)

  // Logged in, the login page offers the dashboard: pointing at the link preloads nothing that
  // would leave the page, following it opens the back office anew.
  await page.goto('/login')
  await waitForHydratedPage(page)
  await markDocument(page)
  const toDashboard = page.getByRole('link', { name: 'Zum Dashboard' })
  await toDashboard.hover()
  await page.waitForTimeout(300)
  await expect(page).toHaveURL(/\/login$/)
  expect(await isSameDocument(page)).toBe(true)
  await toDashboard.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  expect(await isSameDocument(page)).toBe(false)
  await page.goBack()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('link', { name: 'Zum Dashboard' })).toBeVisible()
  expect(errors).toEqual([])
})
