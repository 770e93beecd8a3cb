import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A pharmacist keeps Sonnen-Apotheke's products: takes the master product "Hafenlicht" over
 * (the demo's `masterNotListedByPharmacy`, PZN 11271819), sets its price, finds it in
 * `/products`, archives it and restores it from `/archive/products`; then the same by keyboard
 * alone; then edits it in two tabs (the later save is refused) and acknowledges a change of its
 * master data. The platform admin reads the pharmacy's products for support and changes nothing.
 */

const hafenlichtPzn = '11271819'

const table = (page: Page, name = 'Produkte') => page.getByRole('table', { name, exact: true })
const row = (page: Page, text: string, name = 'Produkte') =>
  table(page, name).locator('tbody tr').filter({ hasText: text })

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test('a pharmacist takes a master product over, prices it, archives and restores it', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Produkte' })).toBeVisible()
  await expect(table(page).locator('tbody tr')).toHaveCount(25)
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Produkt anlegen' }).click()
  await expect(page).toHaveURL(/\/products\/create$/)
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)

  // Nothing chosen yet: the page says so at the search field.
  await page.getByRole('button', { name: 'Produkt übernehmen' }).click()
  await expect(page.getByText('Bitte wähle ein Produkt aus der Produktdatenbank.')).toBeVisible()

  const picker = page.getByRole('combobox', { name: 'Produkt aus der Produktdatenbank' })
  await picker.fill('hafenlicht')
  const option = page.getByRole('option').filter({ hasText: hafenlichtPzn })
  await expect(option).toBeVisible()
  // Products the pharmacy lists already are marked and cannot be chosen.
  await picker.fill('nordstern')
  const listedOption = page.getByRole('option').filter({ hasText: 'bereits in deiner Liste' })
  await expect(listedOption.first()).toHaveAttribute('aria-disabled', 'true')
  await picker.fill(hafenlichtPzn)
  await option.click()
  await expect(page.getByText('Gewählt')).toBeVisible()
  await expect(page.getByText(hafenlichtPzn)).toBeVisible()

  // A 10 g pack of flowers: sold loose by the gram or per pack.
  await page.getByLabel('Verkaufseinheit', { exact: true }).selectOption({ label: 'je Packung' })
  await page.getByLabel('Preis je Packung in €').fill('abc')
  await page.getByRole('button', { name: 'Produkt übernehmen' }).click()
  await expect(page.getByText('Bitte gib den Preis als Betrag an, z. B. 9,50.')).toBeVisible()
  await expect(page.getByLabel('Preis je Packung in €')).toBeFocused()
  await page.getByLabel('Preis je Packung in €').fill('89,50')
  await expect(page.getByText('106,51 € brutto')).toBeVisible()
  await expect(page.getByLabel('Mehrwertsteuer')).toHaveValue('19')
  await page.getByLabel('Meldebestand (Packung, optional)').fill('5')
  await page.getByLabel('Im Shop sichtbar').check()
  await page.getByRole('button', { name: 'Produkt übernehmen' }).click()
  await expect(page.getByText('Das Produkt wurde angelegt.')).toBeVisible()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  const detailUrl = page.url()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hafenlicht')
  await expect(page.getByText('89,50 € / Packung').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Änderungsverlauf' })).toBeVisible()
  await expect(page.getByText('Angelegt', { exact: true })).toBeVisible()

  // In the list, found by its PZN, with price, VAT and the stock column still empty.
  await page.goto(`/products?q=${hafenlichtPzn}`)
  const listed = row(page, 'Hafenlicht')
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText('89,50 € / Packung')
  await expect(listed).toContainText('19 %')
  await expect(listed).toContainText('0 Packungen')
  await expect(listed).toContainText('aktuell')
  await expect(listed).toContainText('sichtbar')

  // Taking it over again is refused.
  await page.goto('/products/create')
  await waitForHydratedForm(page)
  await picker.fill(hafenlichtPzn)
  await expect(option).toContainText('bereits in deiner Liste')

  // Archive from the detail, after a question that says what happens.
  await page.goto(detailUrl)
  await page.getByRole('button', { name: 'Archivieren' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Produkt archivieren?' })
  await expect(dialog).toContainText('aus dem Shop')
  await dialog.getByRole('button', { name: 'Archivieren' }).click()
  await expect(page.getByText('Das Produkt ist archiviert.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Wiederherstellen' })).toBeVisible()

  await page.goto(`/products?q=${hafenlichtPzn}`)
  await expect(page.getByRole('heading', { name: 'Keine Treffer' })).toBeVisible()

  await page.goto('/archive/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Archivierte Produkte' })).toBeVisible()
  await expectNoSeriousViolations(page)
  const archived = row(page, 'Hafenlicht', 'Archivierte Produkte')
  await archived.getByRole('button', { name: /Wiederherstellen/ }).click()
  await page
    .getByRole('alertdialog', { name: /wiederherstellen\?/ })
    .getByRole('button', { name: 'Wiederherstellen' })
    .click()
  await expect(page.getByText(/ist wiederhergestellt/)).toBeVisible()
  await expect(archived).toHaveCount(0)

  await page.goto(`/products?q=${hafenlichtPzn}`)
  await expect(row(page, 'Hafenlicht')).toHaveCount(1)
  // Archiving took it out of the shop; restoring does not put it back unasked.
  await expect(row(page, 'Hafenlicht')).toContainText('ausgeblendet')
  expect(errors).toEqual([])
})

test('a pharmacist edits the price by keyboard alone', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/products?q=${hafenlichtPzn}`)
  await expect(row(page, 'Hafenlicht')).toHaveCount(1)
  await expectNoSeriousViolations(page)

  const search = page.getByLabel('Name, PZN oder Sorte suchen')
  await tabTo(page, search)
  const productLink = row(page, 'Hafenlicht').getByRole('link')
  await tabTo(page, productLink)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)

  const edit = page.getByRole('link', { name: 'Bearbeiten' })
  await tabTo(page, edit)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/edit$/)
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)

  const price = page.getByLabel('Preis je Packung in €')
  await tabTo(page, price)
  await expect(price).toHaveValue('89,50')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('92,00')
  // Leaving with an unsaved change asks first.
  await page.getByRole('link', { name: 'Abbrechen' }).click()
  const leaving = page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' })
  await expect(leaving).toBeVisible()
  await leaving.getByRole('button', { name: 'Weiter bearbeiten' }).click()
  await expect(price).toHaveValue('92,00')
  const save = page.getByRole('button', { name: 'Änderungen speichern' })
  await tabTo(page, save)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible()
  await expect(page.getByText('92,00 € / Packung').first()).toBeVisible()
  // The history shows the change of the price.
  await expect(page.getByText('89,50 € → 92,00 €')).toBeVisible()

  // The create page by keyboard: the typeahead chooses with the arrow keys and Enter.
  await page.goto('/products/create')
  await waitForHydratedForm(page)
  const picker = page.getByRole('combobox', { name: 'Produkt aus der Produktdatenbank' })
  await tabTo(page, picker)
  await page.keyboard.type('ahornglut')
  // Only the matches of the whole word, not those of the first letters typed: the 10 g pack
  // the pharmacy lists (skipped by Enter) and the 15 g pack nobody lists.
  await expect(page.getByRole('option')).toHaveCount(2)
  await page.keyboard.press('ArrowDown')
  const listedPack = page.getByRole('option').filter({ hasText: 'bereits in deiner Liste' })
  await expect(listedPack).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Gewählt')).toHaveCount(0)
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('option').filter({ hasText: '15 g' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  await expect(page.getByText('Gewählt')).toBeVisible()
  // The tab "Eigenes Produkt" is reachable too, with the facts form.
  await tabTo(page, page.getByRole('tab', { name: 'Aus der Produktdatenbank' }))
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Eigenes Produkt' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible()
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('of two tabs editing one product the later save is refused; a master change is acknowledged', async ({
  page,
  browser,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/products?q=${hafenlichtPzn}`)
  await row(page, 'Hafenlicht').getByRole('link').click()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  const detailUrl = page.url()

  // Both tabs load the form at the same revision; the first save moves it on.
  const secondTab = await page.context().newPage()
  for (const tab of [page, secondTab]) {
    await tab.goto(`${detailUrl}/edit`)
    await waitForHydratedForm(tab)
  }
  await page.getByLabel('Preis je Packung in €').fill('93,00')
  await page.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible()
  await secondTab.getByLabel('Preis je Packung in €').fill('94,00')
  await secondTab.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(secondTab.getByRole('alert')).toContainText(
    'Das Produkt wurde inzwischen geändert. Bitte lade die Seite neu.',
  )
  await secondTab.reload()
  await waitForHydratedForm(secondTab)
  await expect(secondTab.getByLabel('Preis je Packung in €')).toHaveValue('93,00')
  await secondTab.close()

  // The platform admin changes the master product's facts.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await openBackOffice(admin, 'admin', 'admin-demo-2026')
  await admin.goto(`/admin/product-db?q=${hafenlichtPzn}`)
  await admin
    .getByRole('table', { name: 'Stammprodukte' })
    .locator('tbody tr td:first-child a')
    .click()
  await waitForHydratedForm(admin)
  await admin.getByLabel('Beschreibung (optional)').fill('Neue Fachinformation des Herstellers.')
  await admin.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(admin.getByText('Die Änderungen wurden gespeichert.')).toBeVisible()
  await adminContext.close()

  // The pharmacy sees the note until it acknowledges the change.
  await page.goto(detailUrl)
  await expect(page.getByText('Stammdaten geändert').first()).toBeVisible()
  await expect(page.getByText('Neue Fachinformation des Herstellers.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Änderung zur Kenntnis nehmen' }).click()
  await expect(page.getByText('Die Änderung der Stammdaten ist bestätigt.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Änderung zur Kenntnis nehmen' })).toHaveCount(0)
  await expect(page.getByText('aktuell', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Stammdatenänderung bestätigt')).toBeVisible()
  expect(errors).toEqual([])
})

test('the platform admin reads a pharmacy’s products for support, read-only', async ({ page }) => {
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Produkte von Sonnen-Apotheke ansehen' }).click()
  await expect(page).toHaveURL(/\/products\?organisation=/)
  await expect(page.getByText(/Produkte von Sonnen-Apotheke/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Produkt anlegen' })).toHaveCount(0)
  await table(page).locator('tbody tr').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  await expect(page.getByText('(nur Ansicht)')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Archivieren' })).toHaveCount(0)
})

test('a club creates a variety it grows: its own product, never in a shop', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/products')
  // Its six varieties, and the 5 g units of its demo filling.
  await expect(table(page).locator('tbody tr')).toHaveCount(7)
  await page.getByRole('link', { name: 'Produkt anlegen' }).click()
  await waitForHydratedForm(page)
  // No master database, no shop: only the own product's facts and the offer.
  await expect(page.getByRole('tab')).toHaveCount(0)
  await expect(page.getByLabel('Im Shop sichtbar')).toHaveCount(0)
  await expect(page.getByText('KCanG § 6')).toBeVisible()

  await page.getByLabel('Name', { exact: true }).fill('Connewitzer Morgentau')
  await page.getByLabel('Hersteller').fill('Grüne Ecke e.V.')
  await page.getByLabel('Kategorie').selectOption({ label: 'Blüte' })
  await page.getByLabel('Sorte').fill('Connewitzer Morgentau')
  await page.getByLabel('THC-Gehalt').fill('15,5')
  await page.getByLabel('Packungsgröße').fill('1')
  await page.getByLabel('Verkaufseinheit', { exact: true }).selectOption({
    label: 'lose, je Gramm',
  })
  await page.getByLabel('Preis je g in €').fill('7')
  await page.getByRole('button', { name: 'Produkt anlegen' }).click()
  await expect(page.getByText('Das Produkt wurde angelegt.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Connewitzer Morgentau' })).toBeVisible()
  await expect(page.getByText('Eigenes Produkt')).toBeVisible()
  await expect(page.getByText('kein Shop (Verein)')).toBeVisible()
  await expect(page.getByText('7,00 € / g').first()).toBeVisible()
  expect(errors).toEqual([])
})
