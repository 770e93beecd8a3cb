import path from 'node:path'
import { expectNoSeriousViolations } from './support/axe'
import { waitForMail } from './support/mail'
import { watchPageErrors } from './support/page'
import { logInShop, openBackOffice, tenantOrigin, waitForHydratedForm } from './support/session'
import { addFirstAddress, registerPatient } from './support/shop-accounts'
import { nordstern } from './support/shop-orders'
import { expect, test } from './support/test'

/**
 * Issue 12's whole journey: a patient registers and confirms by the mail (in the browser that
 * registered, which logs her in, ADR 077), logs out, fills the cart as a guest, logs in (the cart
 * comes along), checks out with pickup and an uploaded prescription, pays on (the test's fake)
 * Mollie's page, lands on the confirmation showing "bezahlt" and gets the mail "Zahlung
 * erhalten"; the pharmacist sees the paid order with the scan.
 */

test.describe.configure({ timeout: 120_000 })

const scan = path.resolve(import.meta.dirname, 'fixtures/analysezertifikat.pdf')

test('register, confirm, fill the cart as guest, log in, check out, pay with Mollie', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  const email = `paula.${Date.now()}@example.com`
  const password = 'ein-gutes-passwort-2026'

  // Registration and the double opt-in: confirmed in the browser that registered, the link logs
  // her in (ADR 077) …
  await registerPatient(page, shop, {
    name: 'Paula Patientin',
    email,
    password,
    birthDate: '1985-09-30',
  })
  // … and she logs out, to shop as a guest another day.
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible()

  // A guest's cart …
  await page.goto(`${shop}/blueten/${nordstern}`)
  await waitForHydratedForm(page)
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()
  const cartLink = page.getByRole('banner').getByRole('link', { name: /Warenkorb/ })
  await expect(cartLink).toContainText('1')
  await cartLink.click()
  await page.getByRole('link', { name: 'Zur Kasse' }).click()

  // … comes along at the login, which leads on to the checkout.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout/)
  await logInShop(page, email, password)
  await expect(page).toHaveURL(`${shop}/checkout`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('Nordstern')

  // 1. Address: the first one, added in place.
  await addFirstAddress(page, {
    name: 'Paula Patientin',
    street: 'Weserstraße 40',
    postalCode: '12045',
    city: 'Berlin',
  })

  // 2. Pickup. 3. Self-pay, the prescription as an uploaded scan. 4. Online with Mollie.
  await page.getByRole('radio', { name: /^Abholung in der Apotheke/ }).check()
  await page.getByRole('radio', { name: /Selbstzahler/ }).check()
  await page.getByRole('radio', { name: 'Rezept-Scan hochladen' }).check()
  await page.locator('input[type="file"]').first().setInputFiles(scan)
  await expect(page.getByText('analysezertifikat.pdf')).toBeVisible()
  await page.getByRole('radio', { name: 'Online bezahlen' }).check()
  await expectNoSeriousViolations(page)

  // 5. Review and order (§ 312j BGB): off to the payment page.
  await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
  await expect(page.getByRole('button', { name: 'Bezahlen' })).toBeVisible()
  await page.getByRole('button', { name: 'Bezahlen' }).click()

  // Back in the shop: the return page asks the server, never the address.
  await expect(page).toHaveURL(/\/confirmation\/mollie\?order=AU-/)
  await expect(page.getByText('Ihre Zahlung ist eingegangen (bezahlt)')).toBeVisible()
  await expectNoSeriousViolations(page)
  const number = new URL(page.url()).searchParams.get('order') ?? ''
  const paidMail = await waitForMail(
    (mail) =>
      mail.to.includes(email) &&
      mail.subject.startsWith(`Zahlung für Bestellung ${number} erhalten`),
  )
  expect(paidMail.from).toContain('Sonnen-Apotheke')
  expect(errors).toEqual([])

  // The pharmacist sees the paid order and the scan the patient handed in.
  await page.context().clearCookies()
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/customer_orders?q=${encodeURIComponent(number)}`)
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible()
  await expect(page.getByText('Bezahlt').first()).toBeVisible()
  await expect(page.getByText('Im Shop eingereicht')).toBeVisible()
  await expect(page.getByText('Scan hochgeladen')).toBeVisible()
})
