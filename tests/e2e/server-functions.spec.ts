import { forbiddenMessage } from '../../src/lib/access-rules'
import { expectNoSeriousViolations } from './support/axe'
import { logInBusiness, openBackOffice } from './support/session'
import { expect, type Page, type Request, test } from './support/test'

const serverFnPath = /\/_serverFn\//

/** The next server-function call the page makes while `action` runs. */
async function captureServerFnCall(page: Page, action: () => Promise<unknown>): Promise<Request> {
  const [request] = await Promise.all([
    page.waitForRequest((request) => serverFnPath.test(request.url())),
    action(),
  ])
  return request
}

test('the admin list goes through the server-function path with the bearer token', async ({
  page,
  playwright,
  baseURL,
}) => {
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin')
  const table = page.getByRole('table', { name: 'Organisationen' })
  // The five demo organisations, and those other tests created (organisation-team.spec.ts).
  await expect(table).toContainText('Sonnen-Apotheke')
  await expect(table).toContainText('Nordhanf Großhandel GmbH')
  await expectNoSeriousViolations(page)

  // Searching reloads the list in the browser through the authenticated server function.
  const call = await captureServerFnCall(page, () =>
    page.getByRole('searchbox', { name: /suchen/ }).fill('Nordhanf'),
  )
  expect(call.headers().authorization).toMatch(/^Bearer /)
  await expect(page).toHaveURL(/q=Nordhanf/)
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table).toContainText('Nordhanf Großhandel GmbH')

  await page.getByRole('link', { name: 'Benutzer', exact: true }).click()
  await expect(page.getByRole('table', { name: 'Benutzer' })).toContainText('mitarbeiter')
  await expectNoSeriousViolations(page)

  // The same call without the token, and with a pharmacy owner's token: refused by the service.
  const api = await playwright.request.newContext({ baseURL })
  const origin = { origin: new URL(baseURL as string).origin, 'sec-fetch-site': 'same-origin' }
  const anonymous = await api.get(call.url(), { headers: { ...origin, 'x-tsr-serverfn': 'true' } })
  expect(anonymous.status()).toBe(401)
  expect(await anonymous.text()).toContain('Bitte anmelden.')

  const login = await api.post('/api/auth/b2b/login', {
    data: { username: 'apotheke', password: 'apotheke-demo-2026' },
  })
  const { accessToken } = await login.json()
  const owner = await api.get(call.url(), {
    headers: { ...origin, 'x-tsr-serverfn': 'true', authorization: `Bearer ${accessToken}` },
  })
  expect(owner.status()).toBe(403)
  const refused = await owner.text()
  expect(refused).toContain(forbiddenMessage)
  expect(refused).not.toContain('Sonnen-Apotheke')
  await api.dispose()
})

test('bad input to a server function is a 400 with the field message, never SQL', async ({
  page,
}) => {
  await page.goto('/login')
  let replayed: { status: number; body: string } | null = null
  // Let the form send its real call, then send it again as an attacker would: NUL in the username.
  await page.route(serverFnPath, async (route) => {
    const body = route.request().postData() ?? ''
    // Other calls of the page (a GET without a body) pass untouched; the login's carries the name.
    if (!body.includes('"apotheke"')) return route.continue()
    const attack = await route.fetch({ postData: body.replace('"apotheke"', '"apo\\u0000theke"') })
    replayed = { status: attack.status(), body: await attack.text() }
    await route.continue()
  })
  await logInBusiness(page, 'apotheke', 'apotheke-demo-2026')
  await expect(page).toHaveURL(/\/dashboard$/)
  expect(replayed).not.toBeNull()
  const { status, body } = replayed as unknown as { status: number; body: string }
  expect(status).toBe(400)
  expect(body).toContain('Die Eingabe enthält unzulässige Steuerzeichen.')
  expect(body).not.toMatch(/select|from "users"|Failed query|stack/i)
})
