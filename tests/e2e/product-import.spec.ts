import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo } from './support/page'
import { openBackOffice, waitForHydratedPage } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * The platform admin imports the demo product file: sees the three broken rows explained,
 * downloads the error report, imports the rest and finds the products in the list. The journey
 * runs with the keyboard only (the file chooser aside, which the operating system draws).
 */

const demoFile = path.resolve(import.meta.dirname, '../../docs/demo-product-import.csv')

async function downloadedText(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()])
  const file = await download.path()
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') }
}

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test('the admin imports the demo file with the keyboard, reading the broken rows first', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin/product-db')
  await tabTo(page, page.getByRole('link', { name: 'Importieren' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/product-db\/upload$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Produktdatenbank importieren' }),
  ).toBeVisible()
  await expect(page.getByText(/Höchstens 10 MB und 50\.000 Zeilen/)).toBeVisible()
  await expectNoSeriousViolations(page)

  // The template: German headers the mapping knows, semicolons, BOM.
  await tabTo(page, page.getByRole('button', { name: 'Vorlage herunterladen' }))
  const template = await downloadedText(page, () => page.keyboard.press('Enter'))
  expect(template.name).toBe('produktimport-vorlage.csv')
  expect(template.text.startsWith('\uFEFFPZN;Name;Hersteller;Marke;Kategorie')).toBe(true)

  // Step 1: the file, through the button the keyboard reaches. Headless Chromium does not always
  // open a file picker for Enter under load (three CI runs ended in a picker that never came), so
  // the file goes into the button's input as the picker would put it there.
  const pick = page.getByRole('button', { name: 'Datei auswählen' })
  await tabTo(page, pick)
  await expect(pick).toBeFocused()
  await page.locator('input[type="file"]').setInputFiles(demoFile)
  await expect(page).toHaveURL(/\/admin\/product-db\/upload\?import=[0-9a-f-]{36}$/)

  // Step 2: every column mapped by its German header.
  await expect(page.getByRole('heading', { name: '2. Spalten zuordnen' })).toBeVisible()
  await expect(page.getByLabel('PZN *')).toHaveValue('0')
  await expect(page.getByLabel('THC', { exact: true })).toHaveValue('8')
  await expect(page.getByLabel('Beschreibung')).toHaveValue('')

  // Step 3: the counts per result, and the broken rows explained at their cells.
  const tabs = page.getByRole('navigation', { name: 'Zeilen nach Ergebnis' })
  await expect(tabs.getByRole('link')).toHaveText([
    'Alle (25)',
    'neu (19)',
    'geändert (3)',
    'unverändert (0)',
    'fehlerhaft (3)',
  ])
  await tabTo(page, tabs.getByRole('link', { name: 'geändert (3)' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/rows=changed/)
  await expect(page.getByText('22 → 22,5')).toBeVisible()
  await expect(page.getByText('aktiv → zurückgezogen')).toBeVisible()

  await tabTo(page, tabs.getByRole('link', { name: 'fehlerhaft (3)' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/rows=invalid/)
  const rows = page.locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('PZN: Die Prüfziffer der PZN stimmt nicht.')
  await expect(rows.nth(1)).toContainText(
    'Sorte: Blüten brauchen eine Sorte: ein Rezept muss sie nennen.',
  )
  await expect(rows.nth(2)).toContainText('Kategorie: Unbekannte Kategorie „Tinktur“.')
  await expectNoSeriousViolations(page)

  // The error report: the file's columns, line numbers and reasons, readable by German Excel.
  await tabTo(page, page.getByRole('button', { name: 'Fehlerbericht herunterladen' }))
  const report = await downloadedText(page, () => page.keyboard.press('Enter'))
  expect(report.name).toBe('demo-product-import-fehler.csv')
  const lines = report.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(report.text.startsWith('\uFEFFZeile;PZN;Bezeichnung;')).toBe(true)
  expect(lines.map((line) => line.split(';')[0])).toEqual(['Zeile', '24', '25', '26'])
  expect(lines[3]).toContain('Unbekannte Kategorie „Tinktur“.')

  // Step 4: import the valid rows; progress, then the summary.
  await tabTo(page, page.getByRole('button', { name: '22 Produkte importieren' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Import abgeschlossen' })).toBeVisible()
  await expect(page.getByText('22 von 22 gültigen Zeilen verarbeitet (100 %)')).toBeVisible()
  const counts = page.locator('dl').last()
  await expect(counts).toContainText('Neu angelegt19')
  await expect(counts).toContainText('Aktualisiert3')
  await expect(counts).toContainText('Fehlerhaft, nicht importiert3')
  await expectNoSeriousViolations(page)

  // The page keeps its step across a reload.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Import abgeschlossen' })).toBeVisible()

  // The products are in the list.
  await tabTo(page, page.getByRole('link', { name: 'Zur Produktdatenbank' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/product-db$/)
  await page.goto('/admin/product-db?q=Morgentau')
  const names = page
    .getByRole('table', { name: 'Stammprodukte' })
    .locator('tbody tr td:first-child a')
  await expect(names).toHaveText([
    'Elbtal Morgentau 20/1',
    'Elbtal Morgentau 20/1 Großgebinde',
    'Elbtal Vollspektrumextrakt THC 10',
  ])
  expect(errors).toEqual([])
})

test('the upload page lists the import and refuses a file that is no CSV or XLSX', async ({
  page,
}) => {
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin/product-db/upload')
  const recent = page.getByRole('region', { name: 'Letzte Importe' })
  await expect(recent.getByRole('link', { name: 'demo-product-import.csv' })).toBeVisible()
  await expect(recent.getByText('abgeschlossen')).toBeVisible()

  // The button opens the file chooser through React: wait until it has hydrated.
  await waitForHydratedPage(page)
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Datei auswählen' }).click(),
  ])
  await chooser.setFiles({
    name: 'alt.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
  })
  await expect(page.getByRole('alert')).toHaveText(
    /^Bitte lade eine CSV- oder Excel-Datei \(\.xlsx\) hoch\./,
  )
  await expect(page).toHaveURL(/\/admin\/product-db\/upload$/)
})
