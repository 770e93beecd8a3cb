import { readFile } from 'node:fs/promises'
import { expectNoSeriousViolations } from './support/axe'
import { watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedPage } from './support/session'
import { expect, test } from './support/test'

test('the pharmacy’s owner saves the DATEV settings and downloads the month’s Buchungsstapel', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.getByRole('link', { name: 'Buchhaltung' }).first().click()
  await expect(page).toHaveURL(/\/bookkeeping$/)
  await waitForHydratedPage(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Buchhaltung' })).toBeVisible()

  await page.getByLabel('Beraternummer').fill('1234567')
  await page.getByLabel('Mandantennummer').fill('4711')
  await page.getByLabel('Kontenrahmen').selectOption('skr04')
  await expect(page.getByLabel('Erlöse 19 % USt')).toHaveValue('4400')
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click()
  await expect(page.getByText('Die DATEV-Einstellungen sind gespeichert.')).toBeVisible()
  await expectNoSeriousViolations(page)

  // Across the turn of the year the export is refused with the reason.
  await page.getByLabel('Von').fill('2025-12-01')
  await page.getByLabel('Bis').fill('2026-01-31')
  await page.getByRole('button', { name: 'DATEV-Buchungsstapel (CSV)' }).click()
  await expect(page.getByText(/umfasst nur ein Wirtschaftsjahr/)).toBeVisible()

  await page.getByLabel('Von').fill('2026-01-01')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'DATEV-Buchungsstapel (CSV)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('EXTF_Buchungsstapel_20260101_20260131.csv')
  const firstLine = (await readFile(await download.path(), 'latin1')).split('\r\n')[0]
  expect(firstLine).toMatch(
    /^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"BW";"Blattwerk";;1234567;4711;20260101;4;20260101;20260131;/,
  )
  expect(firstLine).toContain(';"04";')

  // The same with the month's PDFs, as a ZIP streamed from the server.
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'ZIP mit Rechnungen (PDF)' }).click(),
  ])
  expect(zip.suggestedFilename()).toBe('EXTF_Buchungsstapel_20260101_20260131.zip')
  const zipBytes = await readFile(await zip.path())
  expect(zipBytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
  expect(zipBytes.includes('EXTF_Buchungsstapel_20260101_20260131.csv')).toBe(true)
  expect(errors).toEqual([])
})
