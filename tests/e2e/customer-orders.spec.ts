import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'

/**
 * A pharmacist of Sonnen-Apotheke enters an order for two flowers for a statutory patient, records
 * the paper prescription with its scan, checks it, confirms the order (the goods are reserved),
 * marks it ready with the prefilled batches and completes it; then a second order is entered and
 * cancelled by keyboard alone.
 */

/** Nordstern, loose by the gram (11,50 €/g), and Küstennebel, a 10 g pack (119,00 €). */
const products = { nordstern: '13796578', kuestennebel: '12402695' }
const scan = path.join(import.meta.dirname, 'fixtures', 'analysezertifikat.pdf')

async function chooseCustomer(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: 'Kunde' })
  await picker.fill(name.split(' ').at(-1) ?? name)
  await page.getByRole('option').filter({ hasText: name }).click()
  await expect(page.getByText(`Gewählt: ${name}`)).toBeVisible()
}

async function addProduct(page: Page, pzn: string) {
  const picker = page.getByRole('combobox', { name: 'Produkt hinzufügen' })
  await picker.fill(pzn)
  await page.getByRole('option').filter({ hasText: pzn }).click()
}

/** Waits for the toast to fade: its fading text fails axe's contrast check. */
async function toastGone(page: Page, text: string | RegExp) {
  await expect(page.getByText(text)).toBeVisible()
  await expect(page.getByText(text)).toBeHidden({ timeout: 10_000 })
}

test.describe.configure({ mode: 'serial', timeout: 180_000 })

test('a pharmacist enters, checks, confirms, readies and completes a prescription order', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/customer_orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Kundenbestellungen' })).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Auftrag anlegen' }).first().click()
  await expect(page).toHaveURL(/\/customer_orders\/create$/)
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)
  await chooseCustomer(page, 'Erika Mustermann')
  await addProduct(page, products.nordstern)
  await addProduct(page, products.kuestennebel)
  const quantities = page.getByRole('textbox', { name: /^Menge:/ })
  await expect(quantities).toHaveCount(2)
  await quantities.nth(0).fill('5')
  await expect(page.getByText(/Rezept auf der Seite des Auftrags/)).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Auftrag anlegen' }).click()
  await expect(page).toHaveURL(/\/customer_orders\/[0-9a-f-]+$/)
  const heading = page.getByRole('heading', { level: 1, name: /^Bestellung AU-\d{4}-\d{5}$/ })
  await expect(heading).toBeVisible()

  // The prescription: paper, statutory, with its scan.
  const card = page.getByRole('region', { name: 'Rezept' })
  await card.getByLabel('Form').selectOption({ label: 'Papierrezept' })
  await card.getByLabel(/Verschreibende/).fill('Dr. med. Felix Hartmann')
  const issued = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)
  await card.getByLabel('Ausstellungsdatum').fill(issued)
  await card.getByLabel('Krankenkasse').fill('AOK Nordost')
  await card.getByLabel('Versichertennummer').fill('A123456780')
  await card.locator('input[type="file"]').setInputFiles(scan)
  await expect(card.getByText('Hochgeladen: analysezertifikat.pdf')).toBeVisible()
  // Confirming before the check is refused with the reason.
  await card.getByRole('button', { name: 'Rezept speichern' }).click()
  await toastGone(page, 'Das Rezept ist erfasst. Bitte prüfen Sie es.')
  await expect(card.getByText('Nicht geprüft')).toBeVisible()
  await expect(card.getByText('Gültig bis')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Herunterladen' })).toBeVisible()
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByText(/Das Rezept ist noch nicht geprüft/)).toBeVisible()
  await card.getByRole('button', { name: 'Rezept geprüft' }).click()
  await expect(card.getByText('Geprüft', { exact: true })).toBeVisible()
  // Statutory: the co-payment per line (10 €, at most) and the insurer's share.
  await expect(page.getByRole('columnheader', { name: 'Zuzahlung' })).toBeVisible()
  await expect(page.getByText('davon Krankenkasse')).toBeVisible()

  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(
    page.getByText('Die Bestellung ist bestätigt; die Ware ist reserviert.'),
  ).toBeVisible()
  await expect(page.getByText('Bestätigt', { exact: true }).first()).toBeVisible()
  await expect(page.getByText(/^reserviert:/).first()).toBeVisible()

  await page.getByRole('button', { name: 'Abholbereit' }).click()
  const pick = page.getByRole('dialog', { name: 'Abholbereit melden' })
  await expect(pick.getByRole('textbox', { name: /^Charge / }).first()).not.toHaveValue('')
  await pick.getByRole('button', { name: 'Als abholbereit markieren' }).click()
  await expect(pick).toBeHidden()
  await expect(page.getByText('Abholbereit', { exact: true }).first()).toBeVisible()

  await page.getByRole('button', { name: 'Abschließen' }).click()
  const complete = page.getByRole('alertdialog', { name: /abschließen\?$/ })
  await complete.getByRole('button', { name: 'Abschließen' }).click()
  await expect(page.getByText('Die Bestellung ist abgeschlossen.')).toBeVisible()
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(page.getByText('Abgeschlossen', { exact: true }).first()).toBeVisible()
  const timeline = page.getByRole('region', { name: 'Verlauf' })
  for (const entry of [
    'Angelegt',
    'Rezept erfasst',
    'Rezept geprüft',
    'Bestätigt',
    'Abholbereit',
  ]) {
    await expect(timeline.getByText(entry, { exact: true }).first()).toBeVisible()
  }
  await expectNoSeriousViolations(page)

  // The list finds it by its number.
  const number = (await heading.textContent())?.replace('Bestellung ', '') ?? ''
  await page.goto(`/customer_orders?q=${number}`)
  const rows = page.getByRole('table', { name: 'Kundenbestellungen' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Erika Mustermann')
  expect(errors).toEqual([])
})

test('an order is entered and cancelled by keyboard alone', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/customer_orders/create')
  await waitForHydratedForm(page)
  const customer = page.getByRole('combobox', { name: 'Kunde' })
  await tabTo(page, customer)
  await page.keyboard.type('Lindner')
  // Only the match is left: the search has answered (focusing opened the unfiltered list).
  const customers = page.getByRole('listbox', { name: 'Passende Kunden' }).getByRole('option')
  await expect(customers).toHaveCount(1)
  await expect(customers.filter({ hasText: 'Praxis Dr. Lindner' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Gewählt: Praxis Dr. Lindner')).toBeVisible()
  const picker = page.getByRole('combobox', { name: 'Produkt hinzufügen' })
  await tabTo(page, picker)
  await page.keyboard.type(products.kuestennebel)
  const matches = page.getByRole('listbox', { name: 'Ihre Produkte' }).getByRole('option')
  await expect(matches).toHaveCount(1)
  await expect(matches.filter({ hasText: products.kuestennebel })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: /^Menge:/ })).toHaveCount(1)
  await tabTo(page, page.getByRole('button', { name: 'Auftrag anlegen' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/customer_orders\/[0-9a-f-]+$/)
  await expect(page.getByRole('heading', { level: 1, name: /^Bestellung AU-/ })).toBeVisible()
  await toastGone(page, /^Auftrag AU-\d{4}-\d{5} angelegt\.$/)
  await expectNoSeriousViolations(page)

  await tabTo(page, page.getByRole('button', { name: 'Stornieren' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: /stornieren\?$/ })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Grund').focus()
  await page.keyboard.type('Kunde hat abgesagt')
  await tabTo(page, dialog.getByRole('button', { name: 'Stornieren' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Storniert', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Kunde hat abgesagt').first()).toBeVisible()
  expect(errors).toEqual([])
})
