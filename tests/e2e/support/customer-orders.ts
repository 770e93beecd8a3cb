import { readFile } from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'
import { toastGone } from './page'
import { waitForHydratedForm } from './session'

/** What the pharmacist records from a shop order's e-Rezept; the label repeats it. */
export const ePrescription = {
  prescriber: 'Dr. med. Felix Hartmann',
  preparation: 'Blüten, zerkleinert (NRF 22.12.)',
  directions: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
}

/**
 * Finds the order by its number in the back-office's list and opens it; `axe` checks the list and
 * the order's page.
 */
export async function openCustomerOrder(page: Page, orderNumber: string, { axe = false } = {}) {
  await page.goto(`/customer_orders?q=${orderNumber}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible()
  if (axe) await expectNoSeriousViolations(page)
  await page.getByRole('main').getByRole('link', { name: orderNumber }).first().click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Bestellung ${orderNumber}` }),
  ).toBeVisible()
  await waitForHydratedForm(page)
  if (axe) await expectNoSeriousViolations(page)
}

/**
 * On a shop order's page: records the e-Rezept the patient sent (issued today, Techniker
 * Krankenkasse), checks it and marks it redeemed, so the goods may leave at the hand-over.
 */
export async function recordCheckedERezept(page: Page) {
  const card = page.getByRole('region', { name: 'Rezept' })
  await card.getByLabel(/Verschreibende/).fill(ePrescription.prescriber)
  await card.getByLabel('Ausstellungsdatum').fill(new Date().toISOString().slice(0, 10))
  await card.getByLabel('Zubereitung').selectOption({ label: ePrescription.preparation })
  await card.getByLabel('Gebrauchsanweisung').fill(ePrescription.directions)
  await card.getByLabel('Krankenkasse').fill('Techniker Krankenkasse')
  await card.getByLabel('Versichertennummer').fill('T123456789')
  await card.getByRole('button', { name: 'Rezept speichern' }).click()
  await expect(card.getByText('Nicht geprüft')).toBeVisible()
  await card.getByRole('button', { name: 'Rezept geprüft' }).click()
  await expect(card.getByText('Geprüft', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'E-Rezept eingelöst' }).click()
  await expect(card.getByRole('button', { name: 'E-Rezept eingelöst' })).toBeHidden()
}

/** Confirms the order on its page: the goods are reserved. */
export async function confirmOrder(page: Page) {
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(
    page.getByText('Die Bestellung ist bestätigt; die Ware ist reserviert.'),
  ).toBeVisible()
}

/**
 * Marks the confirmed order ready for pickup with the batches the dialog prefilled; `axe` checks
 * the open dialog too.
 */
export async function markReady(page: Page, { axe = false } = {}) {
  await page.getByRole('button', { name: 'Abholbereit' }).click()
  const pick = page.getByRole('dialog', { name: 'Abholbereit melden' })
  await expect(pick.getByRole('textbox', { name: /^Charge / }).first()).not.toHaveValue('')
  if (axe) await expectNoSeriousViolations(page)
  await pick.getByRole('button', { name: 'Als abholbereit markieren' }).click()
  await expect(pick).toBeHidden()
  await expect(page.getByText('Abholbereit', { exact: true }).first()).toBeVisible()
}

/** Issues the invoice on the order's page and opens its PDF; answers the invoice's number. */
export async function issueInvoiceAndOpenPdf(page: Page) {
  const documents = page.getByRole('region', { name: 'Dokumente' })
  await documents.getByRole('button', { name: 'Rechnung ausstellen' }).click()
  await toastGone(page, /^Rechnung RE-\d{4}-\d{5} ist ausgestellt\.$/)
  const row = documents.getByRole('row').filter({ hasText: /RE-\d{4}-\d{5}/ })
  await expect(row).toHaveCount(1)
  const number = (await row.textContent())?.match(/RE-\d{4}-\d{5}/)?.[0] ?? ''
  // The PDF is the stored file, served as such and saved under the invoice's number.
  const answer = page.waitForResponse((response) =>
    /\/api\/files\/[0-9a-f-]+$/.test(response.url()),
  )
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /^PDF/ }).click(),
  ])
  expect((await answer).status()).toBe(200)
  expect((await answer).headers()['content-type']).toBe('application/pdf')
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^${number}\\.pdf$`, 'i'))
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-')
  return number
}

/** From a completed order of Sonnen-Apotheke to its first hand-out; answers its label (§ 14 ApBetrO). */
export async function openHandoutLabel(page: Page) {
  await page
    .getByRole('region', { name: 'Abgabe' })
    .getByRole('link', { name: /^Abgabe und Etikett AG-/ })
    .first()
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: /^Abgabe AG-\d{4}-\d{5}$/ }),
  ).toBeVisible()
  const label = page.getByRole('article', { name: 'Etikett' })
  await expect(label).toContainText('Sonnen-Apotheke')
  return label
}
