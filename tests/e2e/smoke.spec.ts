import { expect, test } from './support/test'

test('the root page renders the product landing page', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(/Blattwerk/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
