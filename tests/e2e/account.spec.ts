import { logInBusiness, openBackOffice, waitForHydratedForm } from './support/session'
import { expect, test } from './support/test'

test('a password change keeps this session and ends the others', async ({ page, browser }) => {
  // A second browser with its own session of the same account.
  const otherBrowser = await browser.newContext()
  const otherPage = await otherBrowser.newPage()
  await openBackOffice(otherPage, 'mitarbeiter', 'mitarbeiter-demo-2026')

  await openBackOffice(page, 'mitarbeiter', 'mitarbeiter-demo-2026')
  await page.goto('/me/change-password')
  await waitForHydratedForm(page)
  await page.getByLabel('Aktuelles Passwort').fill('falsch-falsch-falsch')
  await page.getByLabel('Neues Passwort', { exact: true }).fill('ein-neues-langes-passwort')
  await page.getByLabel('Neues Passwort wiederholen').fill('ein-neues-langes-passwort')
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(page.getByText('Das aktuelle Passwort ist falsch.')).toBeVisible()

  await page.getByLabel('Aktuelles Passwort').fill('mitarbeiter-demo-2026')
  await page.getByLabel('Neues Passwort wiederholen').fill('etwas-ganz-anderes-hier')
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(page.getByText('Die beiden neuen Passwörter stimmen nicht überein.')).toBeVisible()

  await page.getByLabel('Neues Passwort wiederholen').fill('ein-neues-langes-passwort')
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(page.getByText('Dein Passwort wurde geändert.')).toBeVisible()

  // This session goes on; the other browser's session has ended.
  await page.goto('/me')
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible()
  await otherPage.goto('/me')
  await expect(otherPage).toHaveURL(/\/login\?redirect=%2Fme$/)
  await logInBusiness(otherPage, 'mitarbeiter', 'ein-neues-langes-passwort')
  await expect(otherPage).toHaveURL(/\/me$/)
  await otherBrowser.close()

  // The demo password again: later specs log the employee in with it.
  await page.goto('/me/change-password')
  await waitForHydratedForm(page)
  await page.getByLabel('Aktuelles Passwort').fill('ein-neues-langes-passwort')
  await page.getByLabel('Neues Passwort', { exact: true }).fill('mitarbeiter-demo-2026')
  await page.getByLabel('Neues Passwort wiederholen').fill('mitarbeiter-demo-2026')
  await page.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(page.getByText('Dein Passwort wurde geändert.')).toBeVisible()
})

test('the contact form checks its input and confirms a sent message', async ({ page }) => {
  await page.goto('/contact')
  await waitForHydratedForm(page)
  await page.getByLabel('Name', { exact: true }).fill('Paula Patientin')
  await page.getByLabel('E-Mail-Adresse').fill('keine-adresse')
  await page.getByLabel('Betreff').fill('Frage zur Lieferung')
  await page.getByLabel('Nachricht', { exact: true }).fill('Liefert ihr auch am Samstag?')
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible()

  await page.getByLabel('E-Mail-Adresse').fill('paula@example.com')
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(page.getByText('Danke für Ihre Nachricht!')).toBeVisible()
})
