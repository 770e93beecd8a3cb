import { expectNoSeriousViolations } from './support/axe'
import { openBackOffice, tenantOrigin } from './support/session'
import { expect, test } from './support/test'

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/nope')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Page Not Found')
  await expect(page.getByText('Page Not Found: /nope')).toBeVisible()
})

test('the landing page of the main domain and the shop of a tenant host', async ({
  page,
  baseURL,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cannabis-Handel')
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/`)
  await expect(page).toHaveURL(`${shop}/shop`)
  await expect(page.getByRole('link', { name: 'Sonnen-Apotheke' }).first()).toBeVisible()
})

test('legal pages show the tenant texts on its host and the platform texts elsewhere', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${tenantOrigin(baseURL, 'sonnen-apotheke')}/legal-notice`)
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible()
  await expect(page.getByText('Sonnenallee 12, 12045 Berlin').first()).toBeVisible()
  await page.goto('/privacy-policy')
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible()
  await expect(page.getByText('Blattwerk Plattform').first()).toBeVisible()
})

test('the version banner appears when the build id changes', async ({ page }) => {
  await page.clock.install()
  let checks = 0
  await page.route('**/api/version', async (route) => {
    checks += 1
    const response = await route.fetch()
    const body = await response.json()
    // The first check sees the running build; from the second on the server runs a newer one.
    await route.fulfill({
      response,
      json: checks === 1 ? body : { ...body, buildId: 'next-build' },
    })
  })
  await page.goto('/login')
  await expect.poll(() => checks).toBe(1)
  await expect(page.getByText('Eine neue Version ist verfügbar.')).toHaveCount(0)
  await page.clock.fastForward(3_600_000)
  await expect(page.getByText('Eine neue Version ist verfügbar.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Neu laden' })).toBeVisible()
})

test('login, shop and back-office layouts have no serious accessibility violations', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login')
  await expectNoSeriousViolations(page)
  await page.goto(`${tenantOrigin(baseURL, 'sonnen-apotheke')}/shop`)
  await expectNoSeriousViolations(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await expectNoSeriousViolations(page)
})
