import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice } from './support/session'
import { expect, test } from './support/test'

/**
 * A pharmacist corrects part of a demo invoice from the order's documents (ADR 057), by keyboard
 * alone: opens the credit dialog, chooses a price correction on the first line, issues it and
 * finds the Rechnungskorrektur with the order's documents, referring to the invoice.
 */

test.describe.configure({ timeout: 90_000 })

test('a pharmacist credits part of an invoice by keyboard alone', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/documents?type=invoice&sort=date&dir=asc')
  const table = page.getByRole('table', { name: 'Dokumente' })
  await table.locator('tbody tr').first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: /^Bestellung / })).toBeVisible()

  const documents = page.getByRole('region', { name: 'Dokumente' })
  const open = documents.getByRole('button', { name: 'Teil gutschreiben' })
  await tabTo(page, open)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: /^Rechnungskorrektur zu RE-\d{4}-\d{5}$/ })
  await expect(dialog).toBeVisible()
  const invoiceNumber =
    (await dialog.getByRole('heading').textContent())?.match(/RE-\d{4}-\d{5}/)?.[0] ?? ''
  await expectNoSeriousViolations(page)

  // Warenrücknahme is chosen; the arrow key moves to Preiskorrektur.
  await tabTo(page, dialog.getByRole('radio', { name: /^Warenrücknahme/ }))
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('radio', { name: /^Preiskorrektur/ })).toBeChecked()
  const amount = dialog.getByRole('textbox').first()
  await tabTo(page, amount)
  await page.keyboard.type('0,50')
  await expect(dialog.getByText('Gutschrift netto: 0,50 €')).toBeVisible()
  // Too much is shown at the line before anything is sent.
  await page.keyboard.press('Control+A')
  await page.keyboard.type('999999')
  await expect(dialog.getByText(/^Höchstens .* netto\.$/)).toBeVisible()
  await page.keyboard.press('Control+A')
  await page.keyboard.type('0,50')
  await page.keyboard.press('Enter')

  await expect(dialog).toBeHidden()
  await expect(
    page.getByText(/^Rechnungskorrektur RK-\d{4}-\d{5} ist ausgestellt\.$/),
  ).toBeVisible()
  const row = documents.getByRole('row').filter({ hasText: /RK-\d{4}-\d{5}/ })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`korrigiert ${invoiceNumber}`)
  await expect(row).toContainText('Rechnungskorrektur')
  // A partly credited invoice is not cancelled any more, only credited further.
  await expect(documents.getByRole('button', { name: 'Rechnung stornieren' })).toHaveCount(0)
  expect(errors).toEqual([])
})
