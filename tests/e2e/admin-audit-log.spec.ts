import { readFile } from 'node:fs/promises'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice } from './support/session'
import { expect, test } from './support/test'

/**
 * The platform admin's audit log (issue 13), by keyboard alone: open it from the admin console,
 * narrow it to one organisation and one action, page through it, open a change's before/after
 * and download the filtered log as CSV.
 */

/** Sonnen-Apotheke (demo data). */
const pharmacy = '00000000-0000-4000-8000-000000000002'

test.describe.configure({ timeout: 60_000 })

test('the admin filters the audit log by keyboard, opens a diff and downloads the CSV', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin')
  const section = page
    .getByRole('navigation', { name: 'Bereiche der Administration' })
    .getByRole('link', { name: 'Audit-Log' })
  await tabTo(page, section)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/audit$/)
  const table = page.getByRole('table', { name: 'Audit-Log' })
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(25)
  await expectNoSeriousViolations(page)

  // One organisation, typed into the closed select; then its price changes.
  await tabTo(page, page.getByLabel('Organisation', { exact: true }))
  await page.keyboard.type('Sonnen')
  await expect(page).toHaveURL(new RegExp(`[?&]organisation=${pharmacy}`))
  await expect(page.getByLabel('Akteur', { exact: true })).toContainText('Tobias Licht')

  // The way back and forth through the organisation's history, by cursor.
  const newest = (await rows.first().textContent()) ?? ''
  await tabTo(page, page.getByRole('button', { name: 'Ältere' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/[?&]older=/)
  await expect(rows.first()).not.toHaveText(newest)
  await expect(page.getByRole('button', { name: 'Neuere' })).toBeEnabled()
  await tabTo(page, page.getByRole('button', { name: 'Neueste' }))
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(/[?&](older|newer)=/)
  await expect(rows.first()).toHaveText(newest)

  await tabTo(page, page.getByLabel('Aktion', { exact: true }))
  await page.keyboard.type('Produkt geändert')
  await expect(page).toHaveURL(/[?&]action=organisation_product\.updated/)
  // Each letter typed chose an action on the way: the list settles on the last one.
  await expect(rows.filter({ hasNotText: 'Produkt geändert' })).toHaveCount(0)
  await expect(rows.filter({ hasNotText: 'Sonnen-Apotheke' })).toHaveCount(0)
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
  const shown = await rows.count()
  expect(shown).toBeGreaterThanOrEqual(5)
  await expectNoSeriousViolations(page)

  // The diff: the price changed, the rest stayed.
  const details = rows.first().getByRole('link', { name: /Details zu Produkt geändert/ })
  await tabTo(page, details)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Produkt geändert' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/[?&]event=[0-9a-f-]{36}/)
  const price = dialog.getByRole('row', { name: /^Preis geändert/ })
  await expect(price).toBeVisible()
  await expect(price.getByRole('cell').first()).toContainText('€')
  await expect(dialog.getByRole('row', { name: /^Verkaufseinheit/ })).not.toContainText('geändert')
  await expect(dialog).toContainText('Dr. Clara Sonnberg')
  await expectNoSeriousViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/[?&]event=/)
  await expect(details).toBeFocused()

  // The filtered log as CSV: the same rows, for a spreadsheet.
  await tabTo(page, page.getByRole('button', { name: 'CSV exportieren' }))
  const saved = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const download = await saved
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await download.path()) as string, 'utf8')
  expect(csv.startsWith('\uFEFFZeitpunkt (Berlin);Zeitpunkt (UTC);Organisation;')).toBe(true)
  const lines = csv.trim().split('\r\n').slice(1)
  expect(lines).toHaveLength(shown)
  for (const line of lines) {
    expect(line).toContain(';Sonnen-Apotheke;')
    expect(line).toContain(';organisation_product.updated;')
  }

  // Resetting the filters shows the whole log again.
  await tabTo(page, page.getByRole('button', { name: 'Filter zurücksetzen' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/audit$/)
  await expect(rows).toHaveCount(25)
  expect(errors).toEqual([])
})
