import { expectNoSeriousViolations } from './support/axe'
import { confirmationPath, waitForMail } from './support/mail'
import { tabTo, watchPageErrors } from './support/page'
import { logInShop, tenantOrigin, waitForHydratedForm } from './support/session'
import { openConfirmationMail, submitRegistration } from './support/shop-accounts'
import { nordstern } from './support/shop-orders'
import { expect, test } from './support/test'

/**
 * A patient creates her account in the shop, is held at the login until she confirms the link the
 * mail brings, confirms, logs in; later she forgets her password and sets a new one by mail.
 * Confirmed in the browser that registered, the link logs in and returns to the checkout; in any
 * other browser it only confirms (ADR 077).
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 })

const email = `rita.${Date.now()}@example.com`
const password = 'ein-gutes-passwort-2026'

test('a patient registers, confirms her address by the mail in another browser and logs in', async ({
  page,
  browser,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/login`)
  await page.getByRole('link', { name: 'Noch kein Konto? Konto erstellen' }).click()
  await expect(page).toHaveURL(`${shop}/registrieren`)
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)

  // By keyboard: the name field first, then every field in order.
  await tabTo(page, page.getByLabel('Vor- und Nachname'))
  await page.keyboard.type('Rita Rezept')
  await page.keyboard.press('Tab')
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(password)
  await page.getByLabel('Geburtsdatum').fill('1990-04-12')
  await page.getByRole('button', { name: 'Konto erstellen' }).click()
  await expect(page.getByText('Bitte stimmen Sie der Datenschutzerklärung zu')).toBeVisible()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Konto erstellen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Wir haben Ihnen eine E-Mail geschickt' }),
  ).toBeVisible()

  // Not before the confirmation; the message offers the link again.
  await page.goto(`${shop}/login`)
  await logInShop(page, email, password)
  await expect(page.getByText('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse')).toBeVisible()
  await page.getByRole('button', { name: 'Bestätigungslink erneut senden' }).click()
  await expect(page.getByText('haben wir den Bestätigungslink erneut geschickt')).toBeVisible()

  const mail = await waitForMail(
    (received) =>
      received.to.includes(email) &&
      received.subject.startsWith('Bitte bestätigen Sie Ihre Registrierung'),
  )
  expect(mail.from).toContain('Sonnen-Apotheke')
  // Opened on another device (a forwarded link): it confirms, and asks for the password.
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  const otherErrors = watchPageErrors(other)
  await other.goto(`${shop}${confirmationPath(mail)}`)
  await expect(other.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' })).toBeVisible()
  await waitForHydratedForm(other)
  await expectNoSeriousViolations(other)
  await other.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
  await expect(
    other.getByRole('status').filter({ hasText: 'Ihre E-Mail-Adresse ist bestätigt' }),
  ).toBeVisible()
  expect((await elsewhere.cookies(shop)).filter((cookie) => cookie.name === 'token')).toEqual([])

  await other.getByRole('link', { name: 'Zur Anmeldung' }).click()
  await logInShop(other, email, password)
  await expect(other).toHaveURL(`${shop}/shop`)
  await expect(other.getByRole('link', { name: 'Mein Konto' })).toBeVisible()
  await elsewhere.close()
  expect(otherErrors).toEqual([])
  expect(errors).toEqual([])
})

test('a guest with a full cart registers, confirms in the same browser and is back at the checkout, logged in', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  const guest = `gast.${Date.now()}@example.com`
  await page.goto(`${shop}/blueten/${nordstern}`)
  await waitForHydratedForm(page)
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()
  await page.goto(`${shop}/warenkorb`)
  await page.getByRole('link', { name: 'Zur Kasse' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/)
  await waitForHydratedForm(page)
  await page.getByRole('tab', { name: 'Kundenkonto' }).click()
  await page.getByRole('link', { name: 'Noch kein Konto? Konto erstellen' }).click()
  await expect(page).toHaveURL(`${shop}/registrieren?redirect=%2Fcheckout`)
  await waitForHydratedForm(page)

  // A refused registration puts the focus on the first field the server refused.
  await page.getByLabel('Vor- und Nachname').fill('Gerda Gast')
  await page.getByLabel('E-Mail-Adresse').fill('keine-adresse')
  await page.getByRole('button', { name: 'Konto erstellen' }).click()
  const emailField = page.getByLabel('E-Mail-Adresse')
  await expect(emailField).toHaveAttribute('aria-invalid', 'true')
  await expect(emailField).toBeFocused()
  await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused()

  await submitRegistration(page, {
    name: 'Gerda Gast',
    email: guest,
    password,
    birthDate: '1990-04-12',
  })

  const mail = await openConfirmationMail(page, shop, guest)
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
  await expect(page).toHaveURL(`${shop}/checkout`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Mein Konto' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ihr Warenkorb ist leer' })).toHaveCount(0)

  // The link is used up: opened again, it logs nobody in.
  await page.goto(`${shop}${confirmationPath(mail)}`)
  await expect(page.getByText('Dieser Link wurde bereits verwendet.')).toBeVisible()
  expect(errors).toEqual([])
})

test('a patient resets her forgotten password by the mail, once', async ({ page, baseURL }) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/login/forgot-password`)
  await waitForHydratedForm(page)
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Link anfordern', exact: true }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Wenn zu dieser E-Mail-Adresse ein Kundenkonto besteht' }),
  ).toBeVisible()

  const mail = await waitForMail(
    (received) =>
      received.to.includes(email) && received.subject.startsWith('Passwort zurücksetzen'),
  )
  const link = `${shop}${confirmationPath(mail)}`
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible()
  await waitForHydratedForm(page)
  await page.getByLabel('Neues Passwort', { exact: true }).fill('ein-neues-passwort-2026')
  await page.getByLabel('Neues Passwort wiederholen').fill('ein-neues-passwort-2026')
  await page.getByRole('button', { name: 'Passwort speichern' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihr Passwort ist geändert' }),
  ).toBeVisible()

  // The link works once.
  await page.goto(link)
  await expect(page.getByText('Dieser Link wurde bereits verwendet.')).toBeVisible()
  // The same link on another shop's host names the problem.
  await page.goto(`${tenantOrigin(baseURL, 'apotheke-am-markt')}${confirmationPath(mail)}`)
  await expect(page.getByText('Dieser Link gehört zu einem anderen Shop.')).toBeVisible()

  await page.goto(`${shop}/login`)
  await logInShop(page, email, 'ein-neues-passwort-2026')
  await expect(page).toHaveURL(`${shop}/shop`)
})
