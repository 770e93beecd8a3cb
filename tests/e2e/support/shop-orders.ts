import { expect, type Page } from '@playwright/test'
import { openShopAsPatient, waitForHydratedForm } from './session'

/** Nordlicht's Nordstern, loose by the gram: prescription-only, in stock. */
export const nordstern = '00000000-0000-4000-8000-000000003001'

/** The logged-in patient puts one gram of Nordstern in her cart and opens the checkout. */
export async function nordsternToCheckout(page: Page, shop: string) {
  await page.goto(`${shop}/blueten/${nordstern}`)
  await waitForHydratedForm(page)
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()
  await page.goto(`${shop}/checkout`)
  await waitForHydratedForm(page)
}

/** At the checkout: statutory, the prescription as e-Rezept code (task `160.000.000.000.000.<task>`). */
export async function enterStatutoryERezept(page: Page, task: string) {
  await page.getByRole('radio', { name: 'Gesetzlich versichert (GKV)' }).check()
  await page.getByRole('radio', { name: 'E-Rezept-Code eingeben' }).check()
  await page
    .getByRole('textbox', { name: 'E-Rezept-Code' })
    .fill(`Task/160.000.000.000.000.${task}/$accept?ac=${'cd34'.repeat(16)}`)
}

/** Orders what the open checkout holds; answers the order's number from the confirmation. */
export async function orderNow(page: Page) {
  await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
  ).toBeVisible()
  const orderNumber = (await page.locator('#order-number').textContent())?.trim() ?? ''
  expect(orderNumber).toMatch(/^AU-\d{4}-\d{5}$/)
  return orderNumber
}

/** At the checkout: pickup, statutory with the e-Rezept code, paid at pickup; answers the number. */
export async function orderForPickup(page: Page, task: string) {
  await page.getByRole('radio', { name: /^Abholung in der Apotheke/ }).check()
  await enterStatutoryERezept(page, task)
  await page.getByRole('radio', { name: /^Zahlung bei Abholung/ }).check()
  return orderNow(page)
}

/**
 * The demo patient orders one gram of Nordstern in Sonnen-Apotheke's shop for pickup, paid at
 * pickup (`orderForPickup`). Answers the shop's origin and the order's number.
 */
export async function placePayAtPickupOrder(page: Page, baseURL: string | undefined, task = '21') {
  const shop = await openShopAsPatient(page, baseURL)
  await nordsternToCheckout(page, shop)
  return { shop, orderNumber: await orderForPickup(page, task) }
}
