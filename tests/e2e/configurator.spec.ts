import { readFile } from 'node:fs/promises'
import { extractText, getDocumentProxy } from 'unpdf'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, toastGone, watchPageErrors } from './support/page'
import { openBackOffice, tenantOrigin, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A patient composes a flower prescription in Sonnen-Apotheke's Rezeptkonfigurator, copies the
 * text, downloads the sample PDF, shares the link and reserves as a guest; the pharmacist finds
 * the reservation in the back office and cancels it, so the stock other specs count is as before.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const expectedText =
  'Rp. Cannabisblüten „Nordlicht Nordstern 22/<1“ (THC 22 %, CBD < 1 %) 30 g, zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.). D. S. ED 0,05 g, TD 0,15 g.'

const prescriptionText = (page: Page) => page.getByTestId('prescription-text')

let reservationNumber = ''

test('a patient composes a flower prescription, copies it, downloads the sample and reserves as a guest', async ({
  page,
  context,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop })
  await page.goto(`${shop}/rezeptkonfigurator`)
  await expect(page.getByRole('heading', { level: 1, name: 'Rezeptkonfigurator' })).toBeVisible()
  await waitForHydratedForm(page)
  await expect(page.getByRole('tab', { name: 'Blüte' })).toHaveAttribute('aria-selected', 'true')
  await expectNoSeriousViolations(page)

  const sorte = page.getByLabel('Sorte', { exact: true })
  const optionValue = (label: RegExp) =>
    sorte.locator('option').filter({ hasText: label }).getAttribute('value') as Promise<string>

  // Not in stock: said plainly, with no other product recommended in its place (§ 10 HWG).
  await sorte.selectOption(
    await optionValue(/^Maple Ridge Polarkiefer 26\/<1 .* – nicht vorrätig$/),
  )
  await expect(page.getByText('nicht vorrätig', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: /Ähnliche Produkte/ })).toHaveCount(0)

  const nordstern = await optionValue(/^Nordlicht Nordstern 22\/<1 \(THC 22 %\) – vorrätig$/)
  await sorte.selectOption(nordstern)
  await expect(page).toHaveURL(new RegExp(`[?&]produkt=${nordstern}`))
  await expect(page.getByText('Verfügbarkeit:')).toBeVisible()
  await page.getByLabel('Menge (g)').selectOption('30')
  await page.getByLabel('Einzeldosis (ED)').fill('0,05')
  await page.getByLabel('Tagesdosis (TD)').fill('0,15')
  await expect(prescriptionText(page)).toHaveText(expectedText)
  await expect(page.getByText(/Noch (fehlt|fehlen)/)).toHaveCount(0)

  await page.getByRole('button', { name: 'Text kopieren' }).click()
  await toastGone(page, 'Der Verordnungstext wurde kopiert.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedText)

  const saved = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Muster-PDF herunterladen' }).click()
  const download = await saved
  const bytes = new Uint8Array(await readFile((await download.path()) as string))
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
  const pdfText = text.replace(/\s+/g, ' ')
  expect(pdfText).toContain('MUSTER – kein gültiges Rezept')
  expect(pdfText).toContain('Nordlicht Nordstern')

  // The share link carries every field: opened anew, the same prescription.
  await page.getByRole('button', { name: 'Link teilen' }).click()
  await toastGone(page, 'Der Link wurde kopiert.')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toContain(`produkt=${nordstern}`)
  await page.goto(link)
  await expect(prescriptionText(page)).toHaveText(expectedText)
  await waitForHydratedForm(page)

  await page.getByRole('button', { name: 'Reservieren' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reservieren' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Vor- und Nachname').fill('Paula Probe')
  await dialog.getByLabel('E-Mail-Adresse').fill(`paula.probe.${Date.now()}@example.org`)
  await dialog.getByLabel('Telefonnummer').fill('+49 30 5550123')
  await dialog.getByRole('button', { name: 'Reservierung absenden' }).click()
  await expect(page).toHaveURL(/\/reservierung\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Reservierung' })).toBeVisible()
  const number = page.locator('#reservation-number')
  await expect(number).toHaveText(/^AU-\d{4}-\d{5}$/)
  reservationNumber = (await number.textContent()) as string
  await expect(page.getByText(expectedText)).toBeVisible()
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('the pharmacist sees the reservation and cancels it', async ({ page }) => {
  expect(reservationNumber).not.toBe('')
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/customer_orders?q=${reservationNumber}`)
  const row = page.getByRole('row').filter({ hasText: reservationNumber })
  await expect(row).toBeVisible()
  await expect(row.getByText('Paula Probe')).toBeVisible()
  await row.getByRole('link', { name: reservationNumber }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Bestellung ${reservationNumber}` }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Stornieren' }).click()
  const dialog = page.getByRole('alertdialog', { name: /stornieren\?$/ })
  await dialog.getByLabel('Grund').fill('Test der Reservierung beendet')
  await dialog.getByRole('button', { name: 'Stornieren' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Storniert', { exact: true }).first()).toBeVisible()
  expect(errors).toEqual([])
})

test('the configurator works by keyboard alone, also on a phone', async ({ page, baseURL }) => {
  const errors = watchPageErrors(page)
  await page.setViewportSize({ width: 390, height: 844 })
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/rezeptkonfigurator`)
  await waitForHydratedForm(page)

  // Tabs: arrow keys move, Enter chooses.
  await tabTo(page, page.getByRole('tab', { name: 'Blüte' }))
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'CBD-Lösung' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('tab', { name: 'CBD-Lösung' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page).toHaveURL(/kategorie=cbd/)

  await tabTo(page, page.getByLabel('Menge (ml)'))
  await page.getByLabel('Menge (ml)').selectOption('30')
  await tabTo(page, page.getByLabel('Einzeldosis (ED)'))
  await page.keyboard.type('10')
  await tabTo(page, page.getByLabel('Tagesdosis (TD)'))
  await page.keyboard.type('20')
  await expect(prescriptionText(page)).toHaveText(
    'Rp. Ölige Cannabidiol-Lösung 50 mg/ml (NRF 22.10.) 30 ml. D. S. ED 10 Tropfen, TD 20 Tropfen.',
  )
  await tabTo(page, page.getByRole('link', { name: 'Muster-PDF herunterladen' }))
  // A formula without a product of the pharmacy cannot be reserved: the button says why.
  await expect(page.getByRole('button', { name: 'Reservieren' })).toBeDisabled()
  await expect(page.getByText(/Reservieren lässt sich nur ein Produkt/)).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: test.info().outputPath('configurator-phone.png'), fullPage: true })
  expect(errors).toEqual([])
})
