import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedPage } from './support/session'

test('the pharmacist’s owner reads a year of history as charts, filters, exports and tabulates them', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/analyse')
  await waitForHydratedPage(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Analyse' })).toBeVisible()
  const revenue = page.getByRole('region', { name: 'Umsatz je Monat' })
  // The demo's generated year: twelve months with bars, drawn once the chart code has loaded.
  await expect(revenue.locator('.recharts-bar-rectangle')).toHaveCount(12)
  for (const title of [
    'Umsatzstärkste Produkte',
    'Bestellungen nach Herkunft',
    'Durchschnittlicher THC-Gehalt',
    'Lagerumschlag und Reichweite',
  ]) {
    await expect(
      page.getByRole('region', { name: title }).locator('.recharts-wrapper'),
    ).toBeVisible()
  }

  await page.getByLabel('Produktkategorie').selectOption('flower')
  await expect(page).toHaveURL(/[?&]category=flower/)
  await expect(page.getByLabel('Produktkategorie')).toHaveValue('flower')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    revenue.getByRole('button', { name: /Umsatz je Monat als CSV herunterladen/ }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    /^analyse-umsatz-\d{4}-\d{2}-01-bis-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  const csv = await readFile(await download.path(), 'utf8')
  const lines = csv.split('\r\n')
  expect(lines[0]).toBe('\uFEFFMonat;Bestellungen;Umsatz netto (EUR)')
  expect(lines.length).toBe(14)

  const table = revenue.getByText('Daten als Tabelle')
  await tabTo(page, table)
  await page.keyboard.press('Enter')
  const rows = revenue.getByRole('table', { name: 'Umsatz je Monat' }).getByRole('row')
  // The head and one row per month.
  await expect(rows).toHaveCount(13)
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('the club’s owner sees the hand-outs by variety and reaches the annual report', async ({
  page,
}) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/analyse')
  await waitForHydratedPage(page)
  await expect(
    page.getByRole('region', { name: 'Abgabemenge je Sorte' }).locator('.recharts-bar-rectangle'),
  ).not.toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Umsatz je Monat' })).toHaveCount(0)
  const report = page.getByRole('region', { name: 'Jahresbericht' })
  await expect(report.getByRole('button', { name: /CSV/ })).toBeVisible()
  await expectNoSeriousViolations(page)
})
