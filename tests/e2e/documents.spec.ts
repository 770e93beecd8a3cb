import { readFile } from 'node:fs/promises'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A pharmacist of Sonnen-Apotheke opens `/documents`, narrows it to invoices, downloads a demo
 * invoice (the stored PDF) and the Storno's search result, then does the same by keyboard alone.
 */

test.describe.configure({ timeout: 90_000 })

/** Clicks (or presses Enter on) a download button and returns the PDF response and the file. */
async function downloadVia(page: Page, trigger: () => Promise<void>) {
  const response = page.waitForResponse((answer) => /\/api\/files\/[0-9a-f-]+$/.test(answer.url()))
  const download = page.waitForEvent('download')
  await trigger()
  return { response: await response, download: await download }
}

test('a pharmacist filters the documents and downloads a demo invoice', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Dokumente' })
  await expect(table.getByText('Stornorechnung', { exact: true }).first()).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByLabel('Art', { exact: true }).selectOption({ label: 'Rechnung' })
  await expect(page).toHaveURL(/[?&]type=invoice/)
  const rows = table.locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  await expect(table.getByText('Stornorechnung', { exact: true })).toHaveCount(0)
  await expect(table.getByText('Lieferschein', { exact: true })).toHaveCount(0)
  const number = (await rows.first().locator('td').nth(1).innerText()).trim()
  expect(number).toMatch(/^RE-\d{4}-\d{5}$/)

  const { response, download } = await downloadVia(page, () =>
    rows.first().getByRole('button', { name: /^PDF/ }).click(),
  )
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  // The saved file is the stored PDF.
  const saved = await readFile(await download.path())
  expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(download.suggestedFilename()).toBe(`${number}.pdf`)
  await expectNoSeriousViolations(page)

  // Searching the number finds the invoice and links its order.
  await page.getByLabel('Nummer oder Kunde suchen').fill(number)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${number}`))
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByRole('link', { name: /^AU-/ })).toBeVisible()
  expect(errors).toEqual([])
})

test('the documents list works by keyboard alone', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible()

  const filter = page.getByLabel('Art', { exact: true })
  await tabTo(page, filter)
  // Alle → Rechnung → Stornorechnung: a closed select steps through its options by arrow key.
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/[?&]type=invoice/)
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/[?&]type=cancellation_invoice/)
  const table = page.getByRole('table', { name: 'Dokumente' })
  const first = table.locator('tbody tr').first()
  await expect(first.getByText('Stornorechnung', { exact: true })).toBeVisible()

  const pdf = first.getByRole('button', { name: /^PDF/ })
  await tabTo(page, pdf)
  const { response, download } = await downloadVia(page, () => page.keyboard.press('Enter'))
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect(download.suggestedFilename()).toMatch(/^RE-\d{4}-\d{5}\.pdf$/)
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})
