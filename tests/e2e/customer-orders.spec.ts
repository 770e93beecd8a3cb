import path from 'node:path'
import { expectNoSeriousViolations } from './support/axe'
import {
  confirmOrder,
  issueInvoiceAndOpenPdf,
  markReady,
  openHandoutLabel,
} from './support/customer-orders'
import { tabTo, toastGone, watchPageErrors } from './support/page'
import { addProduct } from './support/purchase-orders'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A pharmacist of Sonnen-Apotheke creates a statutory patient while entering an order for two
 * flowers, records the paper prescription with its scan, checks it, confirms the order (the goods
 * are reserved), marks it ready with the prefilled batches, completes it, issues the invoice and
 * downloads it; the invoice shows in /documents and on the patient's page. Then a second order is
 * entered and cancelled by keyboard alone.
 */

/** Nordstern, loose by the gram (11,50 €/g), and Küstennebel, a 10 g pack (119,00 €). */
const products = { nordstern: '13796578', kuestennebel: '12402695' }
const scan = path.join(import.meta.dirname, 'fixtures', 'analysezertifikat.pdf')

/** A new statutory patient, made in the order form's dialog; the picker then holds them. */
async function createPatient(page: Page, firstName: string, lastName: string) {
  await page.getByRole('button', { name: 'Neuen Kunden anlegen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Neuen Kunden anlegen' })
  await dialog.getByLabel('Vorname').fill(firstName)
  await dialog.getByLabel('Nachname').fill(lastName)
  await dialog.getByLabel('Geburtsdatum').fill('1966-07-21')
  await dialog.getByLabel('PLZ').fill('12049')
  await dialog.getByLabel('Ort').fill('Berlin')
  await dialog.getByLabel('Kostenträger').selectOption({ label: 'Gesetzlich versichert (GKV)' })
  await dialog.getByLabel('Krankenkasse').fill('AOK Nordost')
  await dialog.getByLabel('Versichertennummer').fill('A123456780')
  await dialog.getByRole('button', { name: 'Anlegen' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Gewählt: ${firstName} ${lastName}`)).toBeVisible()
  await toastGone(page, /^Der Kunde KD-\d{5} wurde angelegt\.$/)
}

test.describe.configure({ mode: 'serial', timeout: 180_000 })

test('a pharmacist enters, checks, confirms, readies, completes and invoices a prescription order', async ({
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
  await createPatient(page, 'Erika', 'Mustermann')
  await addProduct(page, products.nordstern)
  await addProduct(page, products.kuestennebel)
  const quantities = page.getByRole('textbox', { name: /^Menge:/ })
  await expect(quantities).toHaveCount(2)
  await quantities.nth(0).fill('5')
  await expect(page.getByText(/Rezept auf der Seite des Auftrags/)).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Auftrag anlegen' }).click()
  await expect(page).toHaveURL(/\/customer_orders\/[0-9a-f-]+$/)
  const orderUrl = page.url()
  const heading = page.getByRole('heading', { level: 1, name: /^Bestellung AU-\d{4}-\d{5}$/ })
  await expect(heading).toBeVisible()

  // The prescription: paper, statutory, with its scan.
  const card = page.getByRole('region', { name: 'Rezept' })
  await card.getByLabel('Form').selectOption({ label: 'Papierrezept' })
  await card.getByLabel(/Verschreibende/).fill('Dr. med. Felix Hartmann')
  const issued = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)
  await card.getByLabel('Ausstellungsdatum').fill(issued)
  await card
    .getByLabel('Gebrauchsanweisung')
    .fill('0,1 g verdampfen und inhalieren, bis zu 3 × täglich')
  await card.getByLabel('Zubereitung').selectOption({ label: 'Blüten, zerkleinert (NRF 22.12.)' })
  await card.getByLabel('Krankenkasse').fill('AOK Nordost')
  await card.getByLabel('Versichertennummer').fill('A123456780')
  await card.locator('input[type="file"]').setInputFiles(scan)
  await expect(card.getByText('Hochgeladen: analysezertifikat.pdf')).toBeVisible()
  // Confirming before the check is refused with the reason.
  await card.getByRole('button', { name: 'Rezept speichern' }).click()
  await toastGone(page, 'Das Rezept ist erfasst. Bitte prüfe es.')
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

  await confirmOrder(page)
  await expect(page.getByText('Bestätigt', { exact: true }).first()).toBeVisible()
  await expect(page.getByText(/^reserviert:/).first()).toBeVisible()

  await markReady(page)

  // The scan was enough to prepare; the goods leave only once the original is there.
  await page.getByRole('button', { name: 'Abschließen' }).click()
  const complete = page.getByRole('alertdialog', { name: /abschließen\?$/ })
  await complete.getByRole('button', { name: 'Abschließen' }).click()
  await expect(complete).toContainText('Das Original des Rezepts liegt noch nicht vor.')
  await complete.getByRole('button', { name: 'Abbrechen' }).click()
  await card.getByRole('button', { name: 'Original liegt vor' }).click()
  await toastGone(page, 'Vermerkt: Die Ware darf abgegeben werden.')
  await expect(card.getByRole('button', { name: 'Original liegt vor' })).toBeHidden()
  await page.getByRole('button', { name: 'Abschließen' }).click()
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
    'Original/E-Rezept vermerkt',
  ]) {
    await expect(timeline.getByText(entry, { exact: true }).first()).toBeVisible()
  }
  // Completing was the dispensing: one hand-out record per picked batch of the two flowers.
  const handouts = page.getByRole('region', { name: 'Abgabe' })
  await expect(handouts.getByRole('link', { name: /^Abgabe und Etikett AG-/ })).toHaveCount(2)
  await expectNoSeriousViolations(page)

  // The invoice: issued on the order, downloaded as the stored PDF.
  const invoiceNumber = await issueInvoiceAndOpenPdf(page)
  await expect(timeline.getByText(invoiceNumber).first()).toBeVisible()

  // The list finds the order by its number; /documents finds the invoice with its order.
  const number = (await heading.textContent())?.replace('Bestellung ', '') ?? ''
  await page.goto(`/customer_orders?q=${number}`)
  const rows = page.getByRole('table', { name: 'Kundenbestellungen' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Erika Mustermann')
  await page.goto(`/documents?q=${invoiceNumber}`)
  const documentRows = page.getByRole('table', { name: 'Dokumente' }).locator('tbody tr')
  await expect(documentRows).toHaveCount(1)
  await expect(documentRows.first()).toContainText(number)
  await expect(documentRows.first()).toContainText('Erika Mustermann')

  // The hand-out's record with the label of § 14 ApBetrO, reached from the order.
  await page.goto(orderUrl)
  const label = await openHandoutLabel(page)
  await expect(label).toContainText('Für: Erika Mustermann')
  await expect(label).toContainText('0,1 g verdampfen und inhalieren, bis zu 3 × täglich')
  await expect(label).toContainText('Zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.)')
  await expect(label).toContainText('Verordnet vonDr. med. Felix Hartmann')
  await expect(page.getByRole('link', { name: 'Zur Bestellung' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // The patient's page shows the order and the invoice.
  await page.goto('/customers?q=Mustermann')
  await page.getByRole('table', { name: 'Kunden' }).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Erika Mustermann' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Bestellungen' })).toContainText(number)
  await expect(page.getByRole('region', { name: 'Dokumente' })).toContainText(invoiceNumber)
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('a prescription that lapsed since the order was readied keeps the goods at the counter', async ({
  page,
}) => {
  // The demo's ready order of Sabine Krüger (private prescription, paid): its prescription was
  // valid when checked and confirmed, and has lapsed since (seed-orders.server.ts).
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  // A search that reads as a number stays plain text in the URL, and after a reload too.
  await page.goto('/customer_orders')
  await waitForHydratedForm(page)
  const search = page.getByLabel('Nummer oder Kunde suchen')
  await search.fill('12045')
  await expect(page).toHaveURL(/\/customer_orders\?q=12045$/)
  await page.reload()
  await expect(search).toHaveValue('12045')
  await expect(page).toHaveURL(/\/customer_orders\?q=12045$/)
  await page.goto('/customer_orders?status=ready&q=Krüger')
  const rows = page.getByRole('table', { name: 'Kundenbestellungen' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await rows.first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: /^Bestellung AU-/ })).toBeVisible()
  await expect(page.getByText('Abholbereit', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Abschließen' }).click()
  const complete = page.getByRole('alertdialog', { name: /abschließen\?$/ })
  await complete.getByRole('button', { name: 'Abschließen' }).click()
  await expect(complete).toContainText(
    /Das Rezept war nur bis \d{2}\.\d{2}\.\d{4} gültig; die Ware darf darauf nicht mehr abgegeben werden\./,
  )
  await complete.getByRole('button', { name: 'Abbrechen' }).click()
  await page.reload()
  await expect(page.getByText('Abholbereit', { exact: true }).first()).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('an order is entered and cancelled by keyboard alone', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/customer_orders/create')
  await waitForHydratedForm(page)
  const customer = page.getByRole('combobox', { name: 'Kunde' })
  await tabTo(page, customer)
  await page.keyboard.type('Anja Weber')
  // Only the match is left: the search has answered (focusing opened the unfiltered list).
  const customers = page.getByRole('listbox', { name: 'Passende Kunden' }).getByRole('option')
  await expect(customers).toHaveCount(1)
  await expect(customers.filter({ hasText: 'Praxis Dr. med. Anja Weber' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Gewählt: Praxis Dr. med. Anja Weber')).toBeVisible()
  const picker = page.getByRole('combobox', { name: 'Produkt hinzufügen' })
  await tabTo(page, picker)
  await page.keyboard.type(products.kuestennebel)
  const matches = page.getByRole('listbox', { name: 'Ihre Produkte' }).getByRole('option')
  await expect(matches).toHaveCount(1)
  // Name, pack size and PZN, so products of one name can be told apart (issue 35).
  await expect(matches).toHaveAccessibleName(
    new RegExp(`^Polderveld Küstennebel \\S+ 10 g · PZN ${products.kuestennebel} `),
  )
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

test('a new order is edited: quantity and note, saved against its version', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/customer_orders/create')
  await waitForHydratedForm(page)
  await page.getByRole('combobox', { name: 'Kunde' }).fill('Anja Weber')
  await page.getByRole('option').filter({ hasText: 'Praxis Dr. med. Anja Weber' }).click()
  await addProduct(page, products.kuestennebel)
  await page.getByRole('button', { name: 'Auftrag anlegen' }).click()
  const heading = page.getByRole('heading', { level: 1, name: /^Bestellung AU-\d{4}-\d{5}$/ })
  await expect(heading).toBeVisible()
  const number = (await heading.textContent())?.replace('Bestellung ', '') ?? ''
  await toastGone(page, `Auftrag ${number} angelegt.`)

  // Keyboard alone: to the edit action, the quantity, the note, save.
  await tabTo(page, page.getByRole('link', { name: 'Bearbeiten' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/customer_orders\/[0-9a-f-]+\/edit$/)
  await expect(
    page.getByRole('heading', { level: 1, name: `Bestellung ${number} bearbeiten` }),
  ).toBeVisible()
  await waitForHydratedForm(page)
  // The customer is fixed: shown, no picker.
  await expect(page.getByText('Praxis Dr. med. Anja Weber')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Kunde' })).toHaveCount(0)
  const gross = page.locator('dt', { hasText: 'Brutto' }).locator('xpath=following-sibling::dd[1]')
  const grossBefore = (await gross.textContent()) ?? ''
  const quantity = page.getByRole('textbox', { name: /^Menge:/ })
  await expect(quantity).toHaveValue('1')
  await tabTo(page, quantity)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('2')
  await expect(gross).not.toHaveText(grossBefore)
  const grossAfter = (await gross.textContent()) ?? ''
  await tabTo(page, page.getByLabel('Notiz für dein Team (optional)'))
  await page.keyboard.type('Abholung Freitag')
  await expectNoSeriousViolations(page)

  // A dirty form asks before it is left.
  await page.getByRole('link', { name: 'Abbrechen' }).click()
  const discard = page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' })
  await discard.getByRole('button', { name: 'Weiter bearbeiten' }).click()
  await expect(discard).toBeHidden()

  await tabTo(page, page.getByRole('button', { name: 'Speichern' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/customer_orders\/[0-9a-f-]+$/)
  await toastGone(page, `Bestellung ${number} gespeichert.`)
  await expect(page.getByText(grossAfter).first()).toBeVisible()
  await expect(page.getByText('Abholung Freitag').first()).toBeVisible()
  await expect(page.getByText(/^Version 2 /)).toBeVisible()
  expect(errors).toEqual([])
})
