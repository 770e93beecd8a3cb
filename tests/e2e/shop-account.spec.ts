import { readFile } from 'node:fs/promises'
import { expectNoSeriousViolations } from './support/axe'
import { waitForMail } from './support/mail'
import { tabTo, toastGone, watchPageErrors } from './support/page'
import { logInShop, tenantOrigin, waitForHydratedForm } from './support/session'
import { enterStatutoryERezept, nordsternToCheckout, orderNow } from './support/shop-orders'
import { expect, type Page, test } from './support/test'

/**
 * The demo patient's account: she reserves through the Rezeptkonfigurator, finds the reservation
 * under "Meine Bestellungen" and cancels it; she changes her name and password (and back: other
 * specs log in with the demo password) and downloads her data.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const email = 'kunde@example.com'
const demoPassword = 'kunde-demo-2026'
const newPassword = 'ein-neues-passwort-2026'
let reservationNumber = ''

async function logIn(page: Page, shop: string, password = demoPassword) {
  await page.goto(`${shop}/login`)
  await logInShop(page, email, password)
  await expect(page).toHaveURL(`${shop}/shop`)
}

test('the patient finds her reservation under her orders and cancels it', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await logIn(page, shop)

  // A reservation of hers, through the Rezeptkonfigurator.
  await page.goto(`${shop}/rezeptkonfigurator`)
  await waitForHydratedForm(page)
  const sorte = page.getByLabel('Sorte', { exact: true })
  const nordstern = (await sorte
    .locator('option')
    .filter({ hasText: /^Nordlicht Nordstern 22\/<1 \(THC 22 %\) – vorrätig$/ })
    .getAttribute('value')) as string
  await sorte.selectOption(nordstern)
  const menge = page.getByLabel('Menge (g)')
  await menge.selectOption(
    (await menge.locator('option:not([value=""])').first().getAttribute('value')) as string,
  )
  await page.getByLabel('Einzeldosis (ED)').fill('0,05')
  await page.getByLabel('Tagesdosis (TD)').fill('0,15')
  await page.getByRole('button', { name: 'Reservieren' }).click()
  await page
    .getByRole('dialog', { name: 'Reservieren' })
    .getByRole('button', { name: 'Reservierung absenden' })
    .click()
  await expect(page).toHaveURL(/\/reservierung\/[0-9a-f-]{36}$/)
  reservationNumber = (await page.locator('#reservation-number').textContent()) as string
  expect(reservationNumber).toMatch(/^AU-\d{4}-\d{5}$/)

  // The overview shows it among the latest orders.
  await page.goto(`${shop}/account`)
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible()
  const recent = page.getByRole('region', { name: 'Letzte Bestellungen' })
  await expect(recent.getByRole('link', { name: reservationNumber })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Persönliche Daten' })).toContainText(email)
  await expectNoSeriousViolations(page)

  // By keyboard to the list, then to the reservation.
  const ordersLink = page
    .getByRole('navigation', { name: 'Mein Konto' })
    .getByRole('link', { name: 'Meine Bestellungen' })
  await tabTo(page, ordersLink)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`${shop}/account/orders`)
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Bestellungen' })).toBeVisible()
  await expectNoSeriousViolations(page)
  const orderLink = page.getByRole('link', { name: reservationNumber })
  await tabTo(page, orderLink)
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('heading', { level: 1, name: `Reservierung ${reservationNumber}` }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
    'Reservierung eingegangen',
  )
  await expect(page.getByRole('region', { name: 'Rechnung' })).toContainText(
    'sobald die Apotheke sie ausgestellt hat',
  )
  await expectNoSeriousViolations(page)

  // Cancel, by keyboard, through the dialog that says what happens.
  const cancel = page.getByRole('button', { name: 'Bestellung stornieren' })
  await tabTo(page, cancel)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', {
    name: `Reservierung ${reservationNumber} stornieren?`,
  })
  await expect(dialog).toContainText('zurückgelegte Ware wieder freigegeben')
  await expectNoSeriousViolations(page)
  await dialog.getByRole('button', { name: 'Bestellung stornieren' }).click()
  await toastGone(page, `Reservierung ${reservationNumber} ist storniert.`)
  await expect(page.getByText('Storniert', { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Verlauf' })).toContainText(
    'Storniert: Vom Kunden storniert',
  )
  await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('the patient changes her name and password and downloads her data', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await logIn(page, shop)
  await page.goto(`${shop}/account/personal`)
  await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeVisible()
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)

  // Name, by keyboard.
  const name = page.getByLabel('Vor- und Nachname')
  await tabTo(page, name)
  await name.fill('Kim Kunde-Test')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await toastGone(page, 'Ihre Daten sind gespeichert.')
  await page.reload()
  await expect(page.getByLabel('Vor- und Nachname')).toHaveValue('Kim Kunde-Test')

  // The password: a wrong current one is named at its field; then the change.
  await waitForHydratedForm(page)
  const passwordCard = page.getByRole('region', { name: 'Passwort' })
  await passwordCard.getByLabel('Aktuelles Passwort').fill('falsch-falsch-falsch')
  await passwordCard.getByLabel('Neues Passwort', { exact: true }).fill(newPassword)
  await passwordCard.getByLabel('Neues Passwort wiederholen').fill(newPassword)
  await passwordCard.getByRole('button', { name: 'Passwort ändern' }).click()
  await expect(passwordCard.getByText('Das aktuelle Passwort ist falsch.')).toBeVisible()
  await passwordCard.getByLabel('Aktuelles Passwort').fill(demoPassword)
  await passwordCard.getByRole('button', { name: 'Passwort ändern' }).click()
  await toastGone(page, /Ihr Passwort ist geändert/)

  // The export, as a JSON file with her account and her orders.
  const saved = page.waitForEvent('download')
  await page.getByRole('button', { name: /Meine Daten herunterladen/ }).click()
  const download = await saved
  const data = JSON.parse(await readFile((await download.path()) as string, 'utf8'))
  // German keys and labels a person can read (ADR 068).
  expect(data.Kundenkonto).toMatchObject({ 'E-Mail': email, Name: 'Kim Kunde-Test' })
  expect(data.Bestellungen.map((order: { Nummer: string }) => order.Nummer)).toContain(
    reservationNumber,
  )

  // The delete dialog says what happens; she keeps her account.
  const remove = page.getByRole('button', { name: 'Konto löschen' })
  await tabTo(page, remove)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Kundenkonto löschen?' })
  await expect(dialog).toContainText('§ 147 AO')
  await expectNoSeriousViolations(page)
  await dialog.getByRole('button', { name: 'Konto behalten' }).click()
  await expect(dialog).toBeHidden()

  // The new password works; then everything goes back to the demo state.
  await page.context().clearCookies()
  await logIn(page, shop, newPassword)
  await page.goto(`${shop}/account/personal`)
  await waitForHydratedForm(page)
  await page.getByLabel('Vor- und Nachname').fill('Kim Kunde')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await toastGone(page, 'Ihre Daten sind gespeichert.')
  const card = page.getByRole('region', { name: 'Passwort' })
  await card.getByLabel('Aktuelles Passwort').fill(newPassword)
  await card.getByLabel('Neues Passwort', { exact: true }).fill(demoPassword)
  await card.getByLabel('Neues Passwort wiederholen').fill(demoPassword)
  await card.getByRole('button', { name: 'Passwort ändern' }).click()
  await toastGone(page, /Ihr Passwort ist geändert/)
  expect(errors).toEqual([])
})

test('the patient pays by transfer: account, co-payment and reference on the page, in the mail and in her account', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await logIn(page, shop)

  // A statutory e-Rezept order, paid by bank transfer.
  await nordsternToCheckout(page, shop)
  await enterStatutoryERezept(page, '77')
  await page.getByRole('radio', { name: /^Überweisung/ }).check()
  const number = await orderNow(page)
  const confirmationTransfer = page.getByLabel('Überweisung', { exact: true })
  await expect(confirmationTransfer).toContainText('DE89 3704 0044 0532 0130 00')
  await expect(confirmationTransfer).toContainText(`Verwendungszweck${number}`)

  // The account's order page: what she owes is her co-payment, not the total.
  await page.goto(`${shop}/account/orders`)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) })
  await row.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Bestellung ${number}` })).toBeVisible()
  const totals = page.getByRole('region', { name: 'Positionen' })
  const owed = (await totals
    .getByRole('term')
    .filter({ hasText: 'Von Ihnen zu zahlen' })
    .locator('xpath=following-sibling::dd[1]')
    .textContent()) as string
  const gross = (await totals
    .getByRole('term')
    .filter({ hasText: 'Gesamt' })
    .locator('xpath=following-sibling::dd[1]')
    .textContent()) as string
  expect(owed).not.toBe(gross)
  const details = page.getByRole('region', { name: 'Lieferung und Zahlung' })
  const account = details.getByLabel('Überweisung', { exact: true })
  await expect(account).toContainText('Sonnen')
  await expect(account).toContainText('DE89 3704 0044 0532 0130 00')
  await expect(account).toContainText(`Betrag${owed}`)
  await expect(account).toContainText(`Verwendungszweck${number}`)
  await expectNoSeriousViolations(page)

  // The list shows what she pays; the receipt mail carries the same transfer.
  await page.goto(`${shop}/account/orders`)
  await expect(page.getByRole('columnheader', { name: 'Sie zahlen' })).toBeVisible()
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) }),
  ).toContainText(owed)
  const mail = await waitForMail(
    (candidate) => candidate.to.includes(email) && candidate.subject.includes(number),
  )
  expect(mail.text).toContain('IBAN: DE89 3704 0044 0532 0130 00')
  expect(mail.text).toContain(`Betrag: ${owed}`)
  expect(mail.text).toContain(`Verwendungszweck: ${number}`)
  expect(errors).toEqual([])
})
