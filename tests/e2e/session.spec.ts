import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose'
import { forbiddenMessage } from '../../src/lib/access-rules'
import {
  logInBusiness,
  logInShop,
  openBackOffice,
  openShopAsPatient,
  redirectChain,
  tenantOrigin,
} from './support/session'
import { expect, test } from './support/test'

test('a business user logs in to the dashboard and logs out to the login', async ({ page }) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText('Sonnen-Apotheke').first()).toBeVisible()

  await page.getByRole('button', { name: 'Dr. Clara Sonnberg' }).click()
  await page.getByRole('menuitem', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // The session is over: the back-office sends the visitor to the login again.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
})

test('a shop customer logs in on the tenant host and logs out to the shop', async ({
  page,
  baseURL,
}) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/login`)
  // On a shop's host the customer login comes first.
  await expect(page.getByRole('tab', { name: 'Kundenkonto' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await logInShop(page, 'kunde@example.com', 'kunde-demo-2026')
  await expect(page).toHaveURL(`${shop}/shop`)
  await expect(page.getByRole('link', { name: 'Mein Konto' })).toBeVisible()

  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(`${shop}/shop`)
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible()
})

test('a visitor is sent to the login and back to the page after logging in', async ({ page }) => {
  await page.goto('/customers')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomers$/)
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await expect(page).toHaveURL(/\/customers$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible()
})

test('a failed login shows the server message', async ({ page }) => {
  await page.goto('/login')
  await logInBusiness(page, 'apotheke', 'falsches-passwort')
  await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.')
  await expect(page).toHaveURL(/\/login$/)
})

test('a shop customer on a back-office page is sent to the start page', async ({
  page,
  baseURL,
}) => {
  const shop = await openShopAsPatient(page, baseURL)

  const response = await page.goto(`${shop}/dashboard`)
  // `/` of a configured shop opens the shop itself.
  expect(redirectChain(response)).toEqual(['/dashboard', '/', '/shop'])
})

test('a business user on a shop-only page is sent to the start page', async ({ page, baseURL }) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/login`)
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await expect(page).toHaveURL(`${shop}/dashboard`)

  const response = await page.goto(`${shop}/blueten`)
  expect(redirectChain(response)).toEqual(['/blueten', '/', '/shop'])
})

test('flowers on a tenant without a shop config lead to the start page', async ({
  page,
  baseURL,
}) => {
  const club = tenantOrigin(baseURL, 'gruene-ecke')
  const response = await page.goto(`${club}/blueten`)
  expect(redirectChain(response)).toEqual(['/blueten', '/'])
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a non-admin on /admin sees the 403 page', async ({ page }) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(403)
  await expect(page.getByText(forbiddenMessage)).toBeVisible()
})

test('a club owner on /customer_orders sees the 403 page', async ({ page }) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  // Clubs hand out to members; customer orders are not in their navigation either.
  await expect(page.getByRole('link', { name: 'Bestellungen' })).toHaveCount(0)
  const response = await page.goto('/customer_orders')
  expect(response?.status()).toBe(403)
  await expect(page.getByText(forbiddenMessage)).toBeVisible()
})

test('an admin opens the admin area', async ({ page }) => {
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.getByRole('link', { name: 'Administration', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible()
})

test('an expired access token is refreshed transparently on the next call', async ({ page }) => {
  const jwk = JSON.parse(process.env.E2E_AUTH_PRIVATE_JWK ?? '')
  const key = await importJWK(jwk, 'EdDSA')
  let expiredTokenSent = false
  await page.route('**/api/users/me', async (route) => {
    const authorization = route.request().headers().authorization ?? ''
    if (expiredTokenSent) return route.continue()
    expiredTokenSent = true
    // The same token the page holds, signed by the server's key, but expired a minute ago.
    const token = authorization.replace(/^Bearer /, '')
    const { iat: _iat, exp: _exp, ...claims } = decodeJwt(token)
    const expired = await new SignJWT(claims)
      .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 16 * 60)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key)
    await route.continue({
      headers: { ...route.request().headers(), authorization: `Bearer ${expired}` },
    })
  })
  const answers: number[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/api/users/me')) answers.push(response.status())
  })

  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.getByRole('button', { name: 'Dr. Clara Sonnberg' }).click()
  await page.getByRole('menuitem', { name: 'Mein Konto' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible()
  // 401 for the expired token, then the repeat with the refreshed token succeeds.
  await expect.poll(() => answers).toEqual([401, 200])
  await expect(page).toHaveURL(/\/me$/)
  await expect(page.getByText('apotheke', { exact: true })).toBeVisible()
})

test('a reload keeps the user logged in without a logged-out flash', async ({ page }) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  const response = await page.reload()
  expect(response?.status()).toBe(200)
  // The server already rendered the logged-in page from the cookie.
  const html = (await response?.text()) ?? ''
  expect(html).toContain('Dr. Clara Sonnberg')
  expect(html).not.toContain('Benutzername')
  await expect(page).toHaveURL(/\/dashboard$/)
})
