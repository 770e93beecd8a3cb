import { expect, type Page } from '@playwright/test'
import { openShopAsPatient, waitForHydratedForm } from './session'

/**
 * The demo patient orders one gram of Nordstern in Sonnen-Apotheke's shop: pickup, statutory,
 * the prescription as e-Rezept code (its task id `160.000.000.000.000.<task>`), paid at pickup.
 * Answers the shop's origin and the order's number.
 */
export async function placePayAtPickupOrder(page: Page, baseURL: string | undefined, task = '21') {
  const shop = await openShopAsPatient(page, baseURL)
  await page.goto(`${shop}/blueten/00000000-0000-4000-8000-000000003001`)
  await waitForHydratedForm(page)
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()
  await page.goto(`${shop}/checkout`)
  await waitForHydratedForm(page)
  await page.getByRole('radio', { name: /^Abholung in der Apotheke/ }).check()
  await page.getByRole('radio', { name: 'Gesetzlich versichert (GKV)' }).check()
  await page.getByRole('radio', { name: 'E-Rezept-Code eingeben' }).check()
  await page
    .getByRole('textbox', { name: 'E-Rezept-Code' })
    .fill(`Task/160.000.000.000.000.${task}/$accept?ac=${'cd34'.repeat(16)}`)
  await page.getByRole('radio', { name: /^Zahlung bei Abholung/ }).check()
  await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
  ).toBeVisible()
  return { shop, orderNumber: (await page.locator('#order-number').textContent())?.trim() ?? '' }
}
