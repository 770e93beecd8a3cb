import { tmpdir } from 'node:os'
import path from 'node:path'
import { gtinOfPzn } from '~/lib/pack-codes'
import { fakeCameraLaunch, writeCodeVideo } from './support/fake-camera'
import { watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A pharmacist books a delivery by scanning: a keyboard-wedge scanner types the securPharm code
 * (GS dropped, as many do) in one burst and ends with Enter or Tab; product line, batch and expiry
 * fill themselves, a second pack of the batch counts up, an expired pack and a product not on the
 * order are refused next to the field. The camera reads a pack, too: Chromium's fake camera plays
 * a video of a generated securPharm code (GS1 with GS separators, as a QR code).
 */

const nordhanf = 'Nordhanf Großhandel GmbH'
/** Zitronenhain 10 g from Nordhanf's price list, ordered in tens. */
const zitronenhain = '12289709'

const securPharmCode = (pzn: string, expiry: string, batch: string, serial: string) =>
  `01${gtinOfPzn(pzn)}17${expiry}10${batch}21${serial}`

const GS = '\x1d'
/** The pack the fake camera shows; written when the file loads, as the browser starts with it. */
const cameraVideo = path.join(tmpdir(), `blattwerk-fake-camera-${process.pid}.y4m`)
writeCodeVideo(
  cameraVideo,
  `${GS}01${gtinOfPzn(zitronenhain)}17290400${GS}10ZH-CAM-1${GS}21Q8W2E6R4T1ZP`,
)

test.use({ launchOptions: fakeCameraLaunch(cameraVideo), permissions: ['camera'] })
test.describe.configure({ timeout: 120_000 })

/** Orders Zitronenhain from Nordhanf and opens the order's goods receipt. */
async function openNewReceipt(page: Page) {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/purchase_orders/create')
  await waitForHydratedForm(page)
  const supplier = page.getByLabel('Lieferant', { exact: true })
  await supplier.selectOption({ label: `${nordhanf} (Blattwerk)` })
  const picker = page.getByRole('combobox', { name: 'Produkt hinzufügen' })
  await picker.fill(zitronenhain)
  await page.getByRole('option').filter({ hasText: zitronenhain }).click()
  await page.getByRole('button', { name: 'Entwurf speichern' }).click()
  await expect(page.getByText('Der Entwurf wurde gespeichert.')).toBeVisible()
  await page.getByRole('button', { name: 'Bestellen' }).click()
  await page
    .getByRole('alertdialog', { name: 'Verbindlich bestellen?' })
    .getByRole('button', { name: 'Bestellen' })
    .click()
  await expect(page.getByText(/Bestellt als EK-\d{4}-\d{5}\./)).toBeVisible()

  await page.getByRole('link', { name: 'Wareneingang buchen' }).click()
  await expect(page).toHaveURL(/\/receipt$/)
  await waitForHydratedForm(page)
}

test('a goods receipt filled by a keyboard-wedge scanner', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openNewReceipt(page)
  const response = await page.request.get(page.url())
  expect(response.headers()['permissions-policy']).toContain('camera=(self)')

  const scan = page.getByLabel('Packung scannen')
  const line = page.getByRole('group').filter({ hasText: 'Zitronenhain' }).first()

  // First pack: day 00 is the month's end.
  await scan.click()
  await page.keyboard.type(securPharmCode(zitronenhain, '290400', 'ZH-SCAN-1', 'K7QX2M9PLA4T'))
  await page.keyboard.press('Enter')
  await expect(
    page.getByText(/Charge ZH-SCAN-1, verwendbar bis 30\.04\.2029 übernommen/),
  ).toBeVisible()
  await expect(line.getByLabel('Chargennummer')).toHaveValue('ZH-SCAN-1')
  await expect(line.getByLabel('Verfallsdatum')).toHaveValue('2029-04-30')
  await expect(line.getByLabel('Menge in Packungen')).toHaveValue('1')

  // Second pack of the batch, the burst ended by Tab: the count goes up, focus stays.
  await page.keyboard.type(securPharmCode(zitronenhain, '290400', 'ZH-SCAN-1', 'M3VN8B2QRT6Y'))
  await page.keyboard.press('Tab')
  await expect(line.getByLabel('Menge in Packungen')).toHaveValue('2')
  await expect(scan).toBeFocused()

  // An expired pack and a product not on this order change nothing.
  await page.keyboard.type(securPharmCode(zitronenhain, '200100', 'ZH-OLD', 'P9WE4R7TZU2I'))
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Die Packung ist abgelaufen \(31\.01\.2020\)/)).toBeVisible()
  await page.keyboard.type('-13796578')
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Unbekanntes Produkt \(PZN 13796578\)/)).toBeVisible()
  await expect(line.getByLabel('Chargennummer')).toHaveCount(1)

  await line.getByLabel('Menge in Packungen').fill('10')
  await page.getByRole('button', { name: 'Wareneingang buchen' }).click()
  await expect(page.getByText('Eine Charge eingebucht.')).toBeVisible()
  await expect(page.getByText(/Charge ZH-SCAN-1/)).toBeVisible()
  expect(errors).toEqual([])
})

test('a goods receipt filled by the camera', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openNewReceipt(page)
  const line = page.getByRole('group').filter({ hasText: 'Zitronenhain' }).first()
  await page.getByRole('button', { name: 'Kamera' }).click()
  // Reached by a client-side navigation, the page still has the policy of the page before.
  await expect(page.getByText('erst nach dem Neuladen freigegeben')).toBeVisible()
  await page.getByRole('button', { name: 'Seite neu laden' }).click()
  await waitForHydratedForm(page)

  await page.getByRole('button', { name: 'Kamera' }).click()
  await expect(
    page.getByText(/Charge ZH-CAM-1, verwendbar bis 30\.04\.2029 übernommen/),
  ).toBeVisible({ timeout: 20_000 })
  await expect(line.getByLabel('Chargennummer')).toHaveValue('ZH-CAM-1')
  await expect(line.getByLabel('Verfallsdatum')).toHaveValue('2029-04-30')
  await expect(line.getByLabel('Menge in Packungen')).toHaveValue('1')
  // The reader stopped with the first code: the camera panel is closed.
  await expect(page.getByRole('button', { name: 'Kamera schließen' })).toHaveCount(0)
  expect(errors).toEqual([])
})
