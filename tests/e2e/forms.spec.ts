import { waitForHydratedForm } from './support/session'
import { expect, test } from './support/test'

test('what is typed before the page hydrates is kept and submitted', async ({ page }) => {
  // A slow phone: the page shows before its scripts run, and people start typing.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.continue()
  })
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel('Benutzername').fill('apotheke')
  await page.getByLabel('Passwort').fill('apotheke-demo-2026')

  await waitForHydratedForm(page)
  await expect(page.getByLabel('Benutzername')).toHaveValue('apotheke')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
