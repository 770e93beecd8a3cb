import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedPage } from './support/session'
import { expect, test } from './support/test'

/**
 * ADR 071: the pharmacy uploads the demo's camt.053 statement, sees its credits matched to the
 * open bank-transfer orders, confirms the one that names its order number, and the order shows
 * "Bezahlt". The same file a second time changes nothing and says so.
 */

const demoFile = path.resolve('docs/demo-camt053.xml')

test.describe.configure({ timeout: 120_000 })

test('a transfer order is paid from the demo bank statement', async ({ page }) => {
  const errors = watchPageErrors(page)
  const orderNumber = /Bestellung ([A-Z]+-\d{4}-\d{5})/.exec(readFileSync(demoFile, 'utf8'))?.[1]
  if (!orderNumber) throw new Error('the demo statement names no order')

  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.getByRole('link', { name: 'Kontoauszüge' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoauszüge' })).toBeVisible()
  await waitForHydratedPage(page)

  const pick = page.getByRole('button', { name: 'Datei auswählen' })
  await tabTo(page, pick)
  await page.locator('input[type="file"]').setInputFiles(demoFile)
  await expect(page.getByText('Der Kontoauszug ist eingelesen.', { exact: false })).toBeVisible()

  // Three credits to review (the debit is skipped); the one naming its order is matched.
  const entries = page.getByRole('list').last().getByRole('listitem')
  await expect(entries).toHaveCount(3)
  const entry = entries.filter({ hasText: `Bestellung ${orderNumber}` })
  await expect(entry.getByText('Zugeordnet')).toBeVisible()
  await expect(
    entries.filter({ hasText: 'Techniker Krankenkasse' }).getByText('Unbekannt'),
  ).toBeVisible()
  // The statement is of the pharmacy's own account: no warning.
  await expect(page.getByText(/^Achtung: Der Auszug gehört/)).toHaveCount(0)
  await expectNoSeriousViolations(page)

  // Confirmed by keyboard: the proposal is preselected, Enter on "Buchen" books it.
  await entry.getByRole('button', { name: 'Prüfen und buchen' }).click()
  const dialog = page.getByRole('dialog')
  await expect(
    dialog.getByRole('radio', { name: new RegExp(`Vorschlag: ${orderNumber}`) }),
  ).toBeChecked()
  await dialog.getByRole('button', { name: 'Buchen' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Gebucht. Gedeckte Bestellungen sind jetzt bezahlt.')).toBeVisible()
  await expect(entries).toHaveCount(2)

  // The same statement again: nothing changes, and the page says why.
  await page.locator('input[type="file"]').setInputFiles(demoFile)
  await expect(page.getByRole('alert').filter({ hasText: 'bereits eingelesen' })).toBeVisible()

  await page.goto('/customer_orders')
  await page.getByRole('link', { name: orderNumber }).first().click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Bestellung ${orderNumber}` }),
  ).toBeVisible()
  await expect(page.getByText('Zahlung: Bezahlt').first()).toBeVisible()
  expect(errors).toEqual([])
})
