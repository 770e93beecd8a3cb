import { readFile } from 'node:fs/promises'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedPage } from './support/session'
import { expect, type Page, test } from './support/test'

// Charts, downloads and the accessibility check take their time on a busy machine.
test.describe.configure({ timeout: 90_000 })

/** The demo pharmacy's owner on `/analyse`, hydrated; the page errors it meets, collected. */
async function openPharmacyAnalysis(page: Page) {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/analyse')
  await waitForHydratedPage(page)
  return errors
}

test('the pharmacist’s owner reads a year of history as charts, filters, exports and tabulates them', async ({
  page,
}) => {
  const errors = await openPharmacyAnalysis(page)
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

test('the pharmacist narrows the analysis to a product, named by pack size and PZN', async ({
  page,
}) => {
  const errors = await openPharmacyAnalysis(page)
  // The chart's card (its table, once open, scrolls in a region of the same name).
  const top = page.getByRole('region', { name: 'Umsatzstärkste Produkte' }).first()
  await top.getByText('Daten als Tabelle').click()
  const table = top.getByRole('table', { name: 'Umsatzstärkste Produkte' })
  // Each product as pickers name it: its pack size (and PZN where it has one) after the name.
  const label = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? ''
  const identity = / (\d+(,\d+)? (g|ml|Stk)( · PZN \d{8})?)$/
  expect(label).toMatch(identity)
  const name = label.replace(identity, '')
  // The chart's axis shows the name over the same pack size and PZN.
  await expect(top.locator('.recharts-wrapper')).toContainText(label.match(identity)?.[1] ?? '')

  const picker = page.getByRole('combobox', { name: 'Produkte' })
  await picker.fill(name)
  await page.getByRole('option', { name: label, exact: true }).click()
  await expect(page).toHaveURL(/[?&]products=/)
  const chosen = page.getByRole('list', { name: 'Gewählte Produkte' })
  await expect(chosen.getByRole('listitem')).toHaveText([label])
  // Every chart counts the chosen product alone.
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(label)
  await expect(top.locator('.recharts-bar-rectangle')).toHaveCount(1)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    top.getByRole('button', { name: /Umsatzstärkste Produkte als CSV herunterladen/ }).click(),
  ])
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n')
  expect(lines[0]).toBe('\uFEFFProdukt;Packung;PZN;Menge;Einheit;Umsatz netto (EUR)')
  expect(lines).toHaveLength(2)
  expect(lines[1]?.startsWith(`${name};`)).toBe(true)
  await expectNoSeriousViolations(page)

  await chosen.getByRole('button', { name: `${label} entfernen` }).click()
  await expect(page).not.toHaveURL(/products=/)
  await expect(chosen).toHaveCount(0)
  expect(errors).toEqual([])
})
