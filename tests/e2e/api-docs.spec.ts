import { watchPageErrors } from './support/page'
import { expect, test } from './support/test'

test('the API reference renders with Scalar from our own origin under the page policy (1366 px)', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin
  const cspErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      cspErrors.push(message.text())
    }
  })
  // Every network request: Scalar's defaults would fetch fonts and telemetry from its servers.
  const foreignRequests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.origin !== origin) foreignRequests.push(request.url())
  })
  const pageErrors = watchPageErrors(page)

  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto('/api/docs')
  // Scalar replaces the server-rendered list once it has loaded the document.
  await expect(page.locator('.scalar-api-reference')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Log in a business user' })).toBeVisible()
  await expect(page.getByText('API reference', { exact: true })).toHaveCount(0)
  await page.waitForLoadState('networkidle')

  expect(cspErrors).toEqual([])
  expect(foreignRequests).toEqual([])
  expect(pageErrors).toEqual([])
})
