import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { logInShop, tenantOrigin } from './support/session'

test('a patient keeps her address book by keyboard alone; addresses and checkout pass axe', async ({
  page,
  baseURL,
}) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/login`)
  await logInShop(page, 'kunde@example.com', 'kunde-demo-2026')
  await expect(page).toHaveURL(`${shop}/shop`)

  await page.goto(`${shop}/account/addresses`)
  await expect(page.getByRole('heading', { level: 1, name: 'Adressen' })).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('button', { name: 'Neue Adresse' }).first().focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Neue Adresse' })
  await expect(dialog).toBeVisible()
  await expectNoSeriousViolations(page)
  // The dialog starts on its close button; the fields follow in reading order.
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Hauptstraße 7')
  await page.keyboard.press('Tab')
  await page.keyboard.type('1204')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Berlin')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Die Postleitzahl hat fünf Ziffern.')).toBeVisible()
  await dialog.getByLabel('PLZ').focus()
  await page.keyboard.type('7')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  const card = page.getByRole('listitem').filter({ hasText: 'Hauptstraße 7' })
  await expect(card).toContainText('12047 Berlin')
  await expect(card).toContainText('Standard-Rechnungsadresse')

  await card.getByRole('button', { name: 'Löschen: Hauptstraße 7' }).focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Adresse löschen?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Löschen' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listitem').filter({ hasText: 'Hauptstraße 7' })).toHaveCount(0)

  await page.goto(`${shop}/checkout`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible()
  await expectNoSeriousViolations(page)
})
