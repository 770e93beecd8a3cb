import { expectNoSeriousViolations } from './support/axe'
import { watchPageErrors } from './support/page'
import { openBackOffice, openShopAsPatient, waitForHydratedPage } from './support/session'
import { expect, test } from './support/test'

/**
 * § 356a BGB: the demo patient withdraws from her order that is still open (no preparation
 * recorded, so the right applies) through "Vertrag widerrufen" in her account; the pharmacy sees
 * the withdrawal on the order in the back-office.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

let orderId = ''

test('the patient withdraws an eligible order from her account', async ({ page, baseURL }) => {
  const errors = watchPageErrors(page)
  const shop = await openShopAsPatient(page, baseURL)
  await page.goto(`${shop}/account/orders`)
  const open = page.getByRole('row').filter({ hasText: 'Neu' }).first()
  await open.getByRole('link').click()
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/)
  orderId = page.url().split('/').at(-1) ?? ''
  await waitForHydratedPage(page)
  // The order's loader has staleTime 0: the form is filled once the page's requests have settled
  // (one clean-clone run recorded the prefilled name instead of the typed one).
  await page.waitForLoadState('networkidle')

  const card = page.getByRole('region', { name: 'Widerrufsrecht' })
  await expect(card.getByText('Widerrufsrecht besteht').first()).toBeVisible()
  await card.getByRole('button', { name: 'Vertrag widerrufen' }).click()
  const confirm = page.getByRole('form', { name: 'Widerruf bestätigen' })
  await confirm.getByRole('button', { name: 'Widerruf bestätigen' }).click()
  await expect(
    confirm.getByText(
      'Bitte geben Sie eine gültige E-Mail-Adresse für die Eingangsbestätigung ein.',
    ),
  ).toBeVisible()
  await confirm.getByLabel('Ihr Name').fill('Petra Patientin')
  await confirm.getByLabel('E-Mail-Adresse für die Eingangsbestätigung').fill('kunde@example.com')
  await confirm.getByRole('button', { name: 'Widerruf bestätigen' }).click()
  await expect(card.getByRole('status')).toContainText('Ihr Widerruf ist am')
  await expect(card.getByRole('button', { name: 'Vertrag widerrufen' })).toHaveCount(0)
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('the pharmacy sees the withdrawal on the order', async ({ page }) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/customer_orders/${orderId}`)
  const card = page.getByRole('region', { name: 'Widerruf eingegangen' })
  await expect(card).toContainText('Petra Patientin')
  await expect(card).toContainText('kunde@example.com')
})

test('the public withdrawal page refuses an unknown order in German', async ({ page, baseURL }) => {
  const shop = new URL(baseURL ?? 'http://localhost')
  await page.goto(`${shop.protocol}//sonnen-apotheke.localhost:${shop.port}/vertrag-widerrufen`)
  await waitForHydratedPage(page)
  const form = page.getByRole('form', { name: 'Widerruf bestätigen' })
  await form.getByLabel('Bestellnummer').fill('AU-2026-99999')
  await form.getByLabel('Ihr Name').fill('Gast Kunde')
  await form.getByLabel('E-Mail-Adresse für die Eingangsbestätigung').fill('gast@example.org')
  await form.getByRole('button', { name: 'Widerruf bestätigen' }).click()
  await expect(page.getByText('Wir finden keine Bestellung mit dieser Bestellnummer')).toBeVisible()
})
