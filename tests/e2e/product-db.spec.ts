import sharp from 'sharp'
import { pznCheckDigit } from '~/lib/products'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm, waitForHydratedPage } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * The platform admin keeps the master product database: creates products (one with a picture),
 * finds them by search, filters and sort, edits one and withdraws it. Names carry "Quarzit" so
 * the assertions see only this journey's products, whatever else the demo data holds.
 */

/** Valid PZNs from a range the demo data does not use. */
function pznFrom(start: number): string {
  for (let number = start; ; number++) {
    const firstSeven = String(number).padStart(7, '0')
    const check = pznCheckDigit(firstSeven)
    if (check !== null) return `${firstSeven}${check}`
  }
}
const flowerPzn = pznFrom(9_654_300)
const extractPzn = pznFrom(9_654_400)

const productPicture = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a7c59' } })
    .png()
    .toBuffer()

const table = (page: Page) => page.getByRole('table', { name: 'Stammprodukte' })
const rowNames = (page: Page) => table(page).locator('tbody tr td:first-child a')

async function openList(page: Page, query = '') {
  await page.goto(`/admin/product-db${query}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Produktdatenbank' })).toBeVisible()
  // A row opens its product by a click handler: only once React has hydrated the page.
  await waitForHydratedPage(page)
}

async function addTerpene(page: Page, terpene: string, { withEnter }: { withEnter: boolean }) {
  await page.getByLabel('Hauptterpene').fill(terpene)
  if (withEnter) await page.getByLabel('Hauptterpene').press('Enter')
  else await page.getByRole('button', { name: 'Hinzufügen' }).click()
  await expect(page.getByRole('button', { name: `${terpene} entfernen` })).toBeVisible()
}

// One journey in steps; each step is long on a busy two-core machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 })

test('the admin creates products, one with a picture, and the form explains what is wrong', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await openList(page)
  await page.getByRole('link', { name: 'Neues Produkt' }).click()
  await expect(page).toHaveURL(/\/admin\/product-db\/create$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Stammprodukt' })).toBeVisible()
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)

  // Nothing filled in: the shared schema's messages under the fields, the first one focused.
  await page.getByRole('button', { name: 'Produkt anlegen' }).click()
  await expect(page.getByText('Bitte gib den Namen ein.')).toBeVisible()
  await expect(page.getByText('Bitte wähle eine Kategorie.')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused()

  await page.getByLabel('Name', { exact: true }).fill('Quarzit Mondlicht 21/1')
  await page.getByLabel('PZN').fill(`PZN ${flowerPzn}`)
  await page.getByLabel('Hersteller').fill('Quarzit Pharma GmbH')
  await page.getByLabel('Kategorie').selectOption({ label: 'Blüte' })
  // A flower's content is in percent and its pack in grams: the only units offered.
  await expect(page.getByLabel('Einheit des Gehalts').locator('option')).toHaveText(['%'])
  await expect(page.getByLabel('Einheit der Packung').locator('option')).toHaveText(['g'])
  await page.getByLabel('Sorte').fill('Mondlicht Haze')
  await page.getByLabel('Genetik').selectOption({ label: 'Hybrid' })
  await page.getByLabel('Dominanz').selectOption({ label: 'sativa-dominant' })
  await page.getByLabel('THC-Gehalt').fill('21,5')
  await page.getByLabel('CBD-Gehalt').fill('0,8')
  await addTerpene(page, 'Myrcen', { withEnter: true })
  await addTerpene(page, 'Limonen', { withEnter: false })
  await page.getByLabel('Bestrahlt').check()
  await page.getByLabel('Anbauland').selectOption({ label: 'Kanada' })
  await page.getByLabel('Packungsgröße').fill('10')

  // The picture: a progress bar while it uploads, then the stored (re-encoded) image.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'mondlicht.png',
    mimeType: 'image/png',
    buffer: await productPicture(),
  })
  // Product images are the back office's: the preview is fetched with the session, as WebP.
  const picture = page.getByRole('img', { name: 'Packungsfoto' })
  await expect(picture).toHaveAttribute('src', /^data:image\/webp;base64,/)
  await expect(picture).toHaveJSProperty('naturalWidth', 900)
  await expect(page.getByRole('button', { name: 'Anderes Bild hochladen' })).toBeVisible()

  // An image is saved only as a confirmed pack photo (§ 10 HWG).
  const packOnly = page.getByRole('checkbox', { name: 'Das Bild zeigt nur die Packung' })
  await expect(packOnly).not.toBeChecked()
  await page.getByRole('button', { name: 'Produkt anlegen' }).click()
  await expect(
    page.getByText('Bitte bestätige, dass das Bild nur die Packung zeigt', { exact: false }),
  ).toBeVisible()
  await expect(packOnly).toBeFocused()
  await packOnly.check()
  await page.getByRole('button', { name: 'Produkt anlegen' }).click()
  await expect(page.getByText('Das Produkt wurde angelegt.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/product-db$/)

  // A second product with the same PZN: the server's objection under the PZN field.
  await page.goto('/admin/product-db/create')
  await waitForHydratedForm(page)
  await page.getByLabel('Name', { exact: true }).fill('Quarzit Tropfen 10')
  await page.getByLabel('PZN').fill(flowerPzn)
  await page.getByLabel('Hersteller').fill('Quarzit Öle AG')
  await page.getByLabel('Kategorie').selectOption({ label: 'Extrakt' })
  await expect(page.getByLabel('Einheit des Gehalts').locator('option')).toHaveText([
    'mg/ml',
    'mg/g',
  ])
  await page.getByLabel('THC-Gehalt').fill('10')
  await page.getByLabel('Packungsgröße').fill('30')
  await page.getByLabel('Einheit der Packung').selectOption({ label: 'ml' })
  await page.getByRole('button', { name: 'Produkt anlegen' }).click()
  await expect(
    page.getByText('Diese PZN hat schon „Quarzit Mondlicht 21/1“ von Quarzit Pharma GmbH.'),
  ).toBeVisible()
  await expect(page.getByLabel('PZN')).toBeFocused()
  await page.getByLabel('PZN').fill(extractPzn)
  await page.getByRole('button', { name: 'Produkt anlegen' }).click()
  await expect(page.getByText('Das Produkt wurde angelegt.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/product-db$/)
  expect(errors).toEqual([])
})

test('the admin searches, filters and sorts the list', async ({ page }) => {
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await openList(page)
  await expectNoSeriousViolations(page)

  const search = page.getByLabel('Name, PZN, Sorte oder Hersteller suchen')
  await search.fill('MONDLICHT')
  await expect(page).toHaveURL(/q=MONDLICHT/)
  await expect(rowNames(page)).toHaveText(['Quarzit Mondlicht 21/1'])
  const row = table(page).locator('tbody tr').first()
  await expect(row).toContainText(flowerPzn)
  await expect(row).toContainText('21,5 %')
  await expect(row).toContainText('10 g')
  await expect(row).toContainText('aktiv')

  // Umlauts and the PZN.
  await search.fill('quarzit oele')
  await expect(rowNames(page)).toHaveText(['Quarzit Tropfen 10'])
  await search.fill(extractPzn)
  await expect(rowNames(page)).toHaveText(['Quarzit Tropfen 10'])

  await search.fill('quarzit')
  await expect(rowNames(page)).toHaveText(['Quarzit Mondlicht 21/1', 'Quarzit Tropfen 10'])
  await page.getByLabel('Kategorie').selectOption({ label: 'Extrakt' })
  await expect(page).toHaveURL(/category=extract/)
  await expect(rowNames(page)).toHaveText(['Quarzit Tropfen 10'])
  await page.unroute('**/_serverFn/**')
  await page.getByLabel('Kategorie').selectOption({ label: 'Alle' })
  await page
    .getByLabel('Hersteller', { exact: true })
    .selectOption({ label: 'Quarzit Pharma GmbH' })
  await expect(rowNames(page)).toHaveText(['Quarzit Mondlicht 21/1'])
  await page.getByLabel('Hersteller', { exact: true }).selectOption({ label: 'Alle' })
  await page.getByLabel('Bestrahlung').selectOption({ label: 'nicht bestrahlt' })
  await expect(rowNames(page)).toHaveText(['Quarzit Tropfen 10'])
  await page.getByLabel('Bestrahlung').selectOption({ label: 'Alle' })
  await page.getByLabel('THC-Gehalt von').fill('20')
  await page.getByLabel('THC-Gehalt von').press('Enter')
  await expect(page).toHaveURL(/thcMin=20/)
  await expect(rowNames(page)).toHaveText(['Quarzit Mondlicht 21/1'])
  await page.getByLabel('THC-Gehalt von').fill('')
  await page.getByLabel('THC-Gehalt bis').fill('12,5')
  await page.getByLabel('THC-Gehalt bis').press('Enter')
  await expect(page).toHaveURL(/thcMax=12.5/)
  await expect(rowNames(page)).toHaveText(['Quarzit Tropfen 10'])
  await page.getByLabel('THC-Gehalt bis').fill('')
  await page.getByLabel('THC-Gehalt bis').press('Enter')
  await expect(rowNames(page)).toHaveCount(2)

  // Sorting by THC, both ways; the filtered, sorted list is a link.
  await table(page).getByRole('button', { name: 'THC' }).click()
  await expect(page).toHaveURL(/sort=thc/)
  await expect(rowNames(page)).toHaveText(['Quarzit Tropfen 10', 'Quarzit Mondlicht 21/1'])
  await table(page).getByRole('button', { name: 'THC' }).click()
  await expect(page).toHaveURL(/dir=desc/)
  await expect(rowNames(page)).toHaveText(['Quarzit Mondlicht 21/1', 'Quarzit Tropfen 10'])
  await page.reload()
  await expect(rowNames(page)).toHaveText(['Quarzit Mondlicht 21/1', 'Quarzit Tropfen 10'])

  await search.fill('gibt es nicht quarzit')
  await expect(page.getByRole('heading', { name: 'Keine Treffer' })).toBeVisible()
  await page.getByRole('button', { name: 'Suche und Filter zurücksetzen' }).click()
  // Search and filters are gone; the order chosen stays.
  await expect(page).toHaveURL(/\/admin\/product-db\?sort=thc&dir=desc$/)
})

test('keyboard only: search the list and open a product', async ({ page }) => {
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await openList(page)
  await waitForHydratedForm(page)
  const search = page.getByLabel('Name, PZN, Sorte oder Hersteller suchen')
  await tabTo(page, search)
  await page.keyboard.type('quarzit')
  await page.keyboard.press('Enter')
  await expect(rowNames(page)).toHaveCount(2)
  await tabTo(page, page.getByLabel('Kategorie'))
  // Each arrow step on the select applies the next category, also when the next step comes
  // before the list of the previous one has loaded (a slow answer makes that certain).
  await page.route('**/_serverFn/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/category=flower/)
  await expect(page.getByLabel('Kategorie')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/category=extract/)
  await expect(rowNames(page)).toHaveText(['Quarzit Tropfen 10'])
  await page.unroute('**/_serverFn/**')
  await tabTo(page, rowNames(page).first())
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Quarzit Tropfen 10' })).toBeVisible()
  await tabTo(page, page.getByRole('link', { name: 'Produktdatenbank' }).last())
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/product-db$/)
})

test('the admin edits a product, is asked before leaving unsaved changes, and withdraws it', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await openList(page, '?q=mondlicht')
  // A click anywhere on the row opens the product (a visible cell other than the name's link).
  await table(page).locator('tbody tr').first().locator('td:visible').last().click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Quarzit Mondlicht 21/1' }),
  ).toBeVisible()
  await expect(page.getByText('Von keiner Organisation geführt.')).toBeVisible()
  const history = page.getByRole('region', { name: 'Änderungsverlauf' })
  await expect(history.getByText('Angelegt')).toBeVisible()
  await expect(history.getByText(/von Plattform-Admin am/)).toBeVisible()
  await waitForHydratedForm(page)
  await expect(page.getByLabel('THC-Gehalt')).toHaveValue('21,5')
  await expect(page.getByRole('button', { name: 'Myrcen entfernen' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Packungsfoto' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Das Bild zeigt nur die Packung' })).toBeChecked()
  await expect(history.getByText('Packungsfoto bestätigt:')).toBeVisible()
  await expectNoSeriousViolations(page)

  // Unsaved changes: leaving asks; staying keeps them.
  await page.getByLabel('THC-Gehalt').fill('22')
  await page.getByRole('link', { name: 'Produktdatenbank' }).last().click()
  const discard = page.getByRole('alertdialog', { name: 'Änderungen verwerfen?' })
  await expect(discard).toBeVisible()
  await discard.getByRole('button', { name: 'Weiter bearbeiten' }).click()
  await expect(page.getByLabel('THC-Gehalt')).toHaveValue('22')
  await page.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/product-db$/)

  // Withdraw: the dialog says what it means; the list then marks the product.
  await openList(page, '?q=mondlicht')
  await rowNames(page).first().click()
  await expect(history.getByText('21,5 → 22')).toBeVisible()
  await waitForHydratedForm(page)
  await page.getByLabel('Status').selectOption({ label: 'zurückgezogen' })
  const withdraw = page.getByRole('alertdialog', { name: 'Produkt zurückziehen?' })
  await expect(withdraw).toContainText('als „zurückgezogen“ markiert')
  await expect(withdraw).toContainText('Neu übernehmen lässt es sich nicht mehr.')
  await expectNoSeriousViolations(page)
  await withdraw.getByRole('button', { name: 'Zurückziehen' }).click()
  await expect(page.getByLabel('Status')).toHaveValue('withdrawn')
  await page.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible()

  await openList(page, '?q=quarzit&status=withdrawn')
  await expect(rowNames(page)).toHaveText(['Quarzit Mondlicht 21/1'])
  await expect(table(page).locator('tbody tr').first()).toContainText('zurückgezogen')
  await rowNames(page).first().click()
  await expect(history.getByText('aktiv → zurückgezogen')).toBeVisible()
  expect(errors).toEqual([])
})
