import { expectNoSeriousViolations } from './support/axe'
import {
  confirmOrder,
  markReady,
  openCustomerOrder,
  recordCheckedERezept,
} from './support/customer-orders'
import { watchPageErrors } from './support/page'
import { openBackOffice } from './support/session'
import { placePayAtPickupOrder } from './support/shop-orders'
import { expect, type Page, test } from './support/test'

/**
 * ADR 055: the patient orders in the shop to pay at pickup; the pharmacist records and checks
 * the e-Rezept, confirms, puts the order ready and hands it over. The hand-over asks how it was
 * paid — a Radix dialog, seen at 1366 px and at 390 px, used by keyboard — and the order then
 * shows the payment instead of "Offen".
 */

test.describe.configure({ timeout: 180_000 })

/** In the back-office: the prescription recorded and checked, confirmed, ready for pickup. */
async function readyAtTheCounter(page: Page, orderNumber: string) {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await openCustomerOrder(page, orderNumber)
  // Redeemed: the goods may leave at the hand-over.
  await recordCheckedERezept(page)
  await confirmOrder(page)
  await markReady(page)
}

/** The dialog lies wholly inside the viewport, nothing wider than the screen. */
async function expectInsideViewport(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const box = await dialog.boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport).toBeTruthy()
  if (!box || !viewport) return
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
}

test('handing over a pay-at-pickup order asks how it was paid and records it (1366 px and 390 px)', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  await page.setViewportSize({ width: 1366, height: 768 })
  const { shop, orderNumber } = await placePayAtPickupOrder(page, baseURL)
  expect(orderNumber).toMatch(/^AU-\d{4}-\d{5}$/)
  await readyAtTheCounter(page, orderNumber)
  await expect(page.getByText('Zahlung: Offen')).toBeVisible()
  // The patient owes the co-payment, not the insurer's share (§ 61 SGB V).
  await expect(page.getByText('Vom Patienten zu zahlen')).toBeVisible()

  // 1366 px: the dialog offers till, card and "on invoice"; Escape closes it, nothing happens.
  await page.getByRole('button', { name: 'Abschließen' }).click()
  const dialog = page.getByRole('dialog', { name: `Bestellung ${orderNumber} übergeben` })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Zahlung bei Abholung: zu zahlen')
  const choices = dialog.getByRole('group', { name: 'Wie wurde bezahlt?' })
  await expect(choices.getByRole('radio')).toHaveCount(3)
  await expect(choices.getByRole('radio', { name: /^Bar an der Kasse/ })).toBeChecked()
  await expectInsideViewport(page, dialog)
  await expectNoSeriousViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Abholbereit', { exact: true }).first()).toBeVisible()

  // 390 px, by keyboard alone: card at the till, the receipt's number required.
  await page.setViewportSize({ width: 390, height: 844 })
  const complete = page.getByRole('button', { name: 'Abschließen' })
  await complete.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await expectInsideViewport(page, dialog)
  await choices.getByRole('radio', { name: /^Bar an der Kasse/ }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(choices.getByRole('radio', { name: /^Karte an der Kasse/ })).toBeChecked()
  const receipt = dialog.getByRole('textbox', { name: 'Nummer des Kassenbons' })
  await page.keyboard.press('Tab')
  await expect(receipt).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Bitte gib die Nummer des Kassenbons an.')).toBeVisible()
  await expect(dialog).toBeVisible()
  await page.keyboard.type('B-2026-0815')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(
    page.getByText('Die Bestellung ist abgeschlossen; die Zahlung ist erfasst.'),
  ).toBeVisible()

  // The order shows the payment, not "Offen"; the timeline names the receipt.
  await page.reload()
  await expect(page.getByText('Abgeschlossen', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Zahlung: Bezahlt')).toBeVisible()
  await expect(page.getByText(/mit Karte an der Kasse am .*, Kassenbon B-2026-0815/)).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'Verlauf' })
      .getByText('Bezahlt mit Karte an der Kasse, Bon B-2026-0815'),
  ).toBeVisible()

  // The patient's account shows it paid, in the list and on the order (still logged in there).
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto(`${shop}/account/orders`)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber }) })
  await expect(row).toContainText('Bezahlt')
  await expect(row).not.toContainText('Offen')
  await row.getByRole('link', { name: orderNumber }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Bestellung ${orderNumber}` }),
  ).toBeVisible()
  await expect(page.getByText('Zahlung: Bezahlt')).toBeVisible()
  await expect(page.getByText('Abgeschlossen', { exact: true }).first()).toBeVisible()
  expect(errors).toEqual([])
})
