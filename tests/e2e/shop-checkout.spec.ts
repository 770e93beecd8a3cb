import { expectNoSeriousViolations } from './support/axe'
import { tabTo } from './support/page'
import { openShopAsPatient, waitForHydratedForm } from './support/session'
import { expect, test } from './support/test'

test('a patient keeps her address book by keyboard alone; addresses and checkout pass axe', async ({
  page,
  baseURL,
}) => {
  const shop = await openShopAsPatient(page, baseURL)

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

test('a patient checks out by keyboard alone: pickup, statutory e-Rezept, pay at pickup', async ({
  page,
  baseURL,
}) => {
  const shop = await openShopAsPatient(page, baseURL)

  // Nordlicht's Nordstern, loose by the gram: prescription-only, in stock.
  await page.goto(`${shop}/blueten/00000000-0000-4000-8000-000000003001`)
  await waitForHydratedForm(page)
  await tabTo(page, page.getByRole('button', { name: 'In den Warenkorb' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()

  await page.goto(`${shop}/checkout`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible()
  await waitForHydratedForm(page)
  const group = (name: string) => page.getByRole('group', { name })

  // 1. The billing address: arrow keys move through the address book.
  const billing = group('Rechnungsadresse')
  await tabTo(page, billing.getByRole('radio', { checked: true }))
  await page.keyboard.press('ArrowDown')
  await expect(billing.getByRole('radio').nth(1)).toBeChecked()
  await expect(billing.getByRole('radio').nth(1)).toBeFocused()

  // 2. Pickup is preselected and reached by Tab.
  await tabTo(
    page,
    group('Wie erhalten Sie Ihre Bestellung?').getByRole('radio', { checked: true }),
  )
  await expect(page.getByRole('radio', { name: /^Abholung in der Apotheke/ })).toBeFocused()

  // 3. Statutory insurance, the prescription as an e-Rezept code.
  const payer = group('Wer bezahlt das Rezept?')
  await tabTo(page, payer.getByRole('radio').first())
  await page.keyboard.press('Space')
  await expect(payer.getByRole('radio', { name: 'Gesetzlich versichert (GKV)' })).toBeChecked()
  const evidence = group('Wie reichen Sie das Rezept ein?')
  await tabTo(page, evidence.getByRole('radio').first())
  await page.keyboard.press('Space')
  while (!(await evidence.getByRole('radio', { name: 'E-Rezept-Code eingeben' }).isChecked())) {
    await page.keyboard.press('ArrowDown')
  }
  await tabTo(page, page.getByRole('textbox', { name: 'E-Rezept-Code' }))
  await page.keyboard.type(`Task/160.000.000.000.000.01/$accept?ac=${'ab12'.repeat(16)}`)

  // 4. Pay at pickup; 5. the order button, which states the duty to pay (§ 312j BGB).
  await tabTo(page, group('Wie möchten Sie bezahlen?').getByRole('radio').first())
  while (!(await page.getByRole('radio', { name: /^Zahlung bei Abholung/ }).isChecked())) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(page.getByRole('complementary')).toContainText('davon Krankenkasse')
  await tabTo(page, page.getByRole('button', { name: 'zahlungspflichtig bestellen' }))
  await page.keyboard.press('Enter')

  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
  ).toBeVisible()
  const confirmation = page.getByRole('main')
  await expect(confirmation).toContainText('Gesetzlich versichert (GKV)')
  await expect(confirmation).toContainText('E-Rezept')
  await expect(confirmation).toContainText('Zahlung bei Abholung')
  await expectNoSeriousViolations(page)
})
