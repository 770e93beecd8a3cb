import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm, waitForHydratedPage } from './support/session'
import { availableOnProductList, stockRow } from './support/stock'
import { expect, test } from './support/test'

/** Küstennebel in 10 g packs, which Sonnen-Apotheke sells per pack (the demo's `masterPackFlower`). */
const packPzn = '12402695'

/**
 * Stock by batch: a pharmacist books a delivery of Küstennebel (10 g packs) with its CoA, releases
 * the batch after the identity test, finds the stock in `/inventory` and `/products`, corrects
 * it with a reason and sees the correction in the batch history. A club records a harvest. The
 * list works by keyboard alone and has no serious accessibility violations. Each run books its
 * own batch number and compares with the stock before, so demo stock does not matter.
 */

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

/** `YYYY-MM-DD`, a year from now. */
const nextYear = () => {
  const day = new Date()
  day.setUTCFullYear(day.getUTCFullYear() + 1)
  return day.toISOString().slice(0, 10)
}

test.describe.configure({ mode: 'serial', timeout: 90_000 })

const batchNumber = `E2E-${Date.now().toString(36).toUpperCase()}`

test('a pharmacist receives goods with a CoA, releases and corrects the batch', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  const packsBefore = await availableOnProductList(page, packPzn)
  await page.goto('/inventory')
  await expect(page.getByRole('heading', { level: 1, name: 'Bestand' })).toBeVisible()
  await page.getByRole('link', { name: 'Wareneingang' }).click()
  await expect(page).toHaveURL(/\/inventory\/receipt$/)
  await expect(page).toHaveTitle('Wareneingang – Blattwerk')
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)

  // Nothing filled in: the form says what is missing, at the fields.
  await page.getByRole('button', { name: 'Einbuchen' }).click()
  await expect(page.getByText('Bitte wähle ein Produkt.')).toBeVisible()
  await expect(page.getByText('Bitte gib die Chargennummer an.')).toBeVisible()

  await page.getByLabel('Produkt suchen').fill(packPzn)
  const product = page.getByLabel('Produkt', { exact: true })
  await expect(product.locator('option')).toHaveCount(2)
  await expect(product.locator('option').nth(1)).toContainText(packPzn)
  await product.selectOption({ index: 1 })
  await page.getByLabel('Chargennummer').fill(batchNumber)
  await page.getByLabel('Menge in g').fill('50')
  await page.getByLabel('Verfallsdatum').fill(nextYear())
  // THC and CBD are left for later: the CoA arrives with the goods, its figures are typed later.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'coa.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  })
  await expect(page.getByText('Hochgeladen: coa.pdf')).toBeVisible()
  await page.getByRole('button', { name: 'Einbuchen' }).click()

  await expect(page).toHaveURL(/\/inventory\/batches\/[0-9a-f-]{36}$/)
  await expect(page.getByText(`Charge ${batchNumber} ist eingebucht (in Quarantäne`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `Charge ${batchNumber}` })).toBeVisible()
  await expect(page.getByText('Quarantäne', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ansehen' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // Flowers without measured THC/CBD: the release warns and asks for an explicit confirmation.
  await page.getByRole('button', { name: 'Freigeben' }).click()
  const release = page.getByRole('dialog', { name: `Charge ${batchNumber} freigeben` })
  await expect(release.getByText('THC und CBD nicht gemessen hinterlegt')).toBeVisible()
  await release.getByLabel('Prüfnummer').fill('PR-2026-117')
  await release.getByRole('button', { name: 'Freigeben' }).click()
  await expect(
    release.getByText('Bitte bestätige die Freigabe ohne THC-/CBD-Messwerte'),
  ).toBeVisible()
  await release.getByRole('button', { name: 'Abbrechen' }).click()
  await page
    .getByRole('alertdialog', { name: 'Änderungen verwerfen?' })
    .getByRole('button', { name: 'Verwerfen' })
    .click()
  await expect(release).toBeHidden()

  // The figures from the CoA are completed on the batch page, with a reason.
  await page.getByRole('button', { name: 'THC/CBD nachtragen' }).click()
  const facts = page.getByRole('dialog', { name: `THC/CBD von ${batchNumber} nachtragen` })
  await facts.getByLabel('THC in %').fill('22,5')
  await facts.getByLabel('CBD in %').fill('0,5')
  await facts.getByRole('button', { name: 'Speichern' }).click()
  await expect(facts.getByText('Bitte gib einen Grund an.')).toBeVisible()
  await facts.getByLabel('Grund').fill('Werte aus dem Analysezertifikat')
  await facts.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText(`THC/CBD von Charge ${batchNumber} sind gespeichert.`)).toBeVisible()
  await expect(page.getByText('22,5 %')).toBeVisible()

  // Release after the identity test, now without the warning.
  await page.getByRole('button', { name: 'Freigeben' }).click()
  await expect(release.getByText('THC und CBD nicht gemessen hinterlegt')).toBeHidden()
  await release.getByRole('button', { name: 'Freigeben' }).click()
  await expect(release.getByText('Bitte gib die Prüfnummer an.')).toBeVisible()
  await release.getByLabel('Prüfnummer').fill('PR-2026-117')
  await release.getByRole('button', { name: 'Freigeben' }).click()
  await expect(page.getByText(`Charge ${batchNumber} ist freigegeben.`)).toBeVisible()
  await expect(page.getByText('Freigegeben', { exact: true })).toBeVisible()
  await expect(page.getByText('PR-2026-117')).toBeVisible()

  // The stock shows in the inventory and on the product list.
  await page.goto(`/inventory?q=${packPzn}`)
  const batchEntry = stockRow(page, batchNumber).locator('li').filter({ hasText: batchNumber })
  await expect(batchEntry).toContainText('Freigegeben')
  await expect(batchEntry).toContainText('50 g')
  expect(await availableOnProductList(page, packPzn)).toBe(packsBefore + 5)

  // A correction with its reason lands in the batch history.
  await page.goto(`/inventory?q=${packPzn}`)
  await stockRow(page, batchNumber).getByRole('link', { name: batchNumber }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Charge ${batchNumber}` })).toBeVisible()
  await page.getByRole('button', { name: 'Bestand korrigieren' }).click()
  const correct = page.getByRole('dialog', { name: `Bestand von ${batchNumber} korrigieren` })
  await correct.getByLabel('Menge in g (mit Vorzeichen)').fill('-2,5')
  await correct.getByLabel('Grund').fill('Inventur: Bruch beim Umpacken')
  await correct.getByRole('button', { name: 'Korrektur buchen' }).click()
  await expect(
    page.getByText(`Der Bestand von Charge ${batchNumber} ist korrigiert.`),
  ).toBeVisible()
  const history = page.getByRole('table', { name: 'Bewegungen der Charge, neueste zuerst' })
  const newest = history.locator('tbody tr').first()
  await expect(newest).toContainText('Korrektur')
  await expect(newest).toContainText('−2,5 g')
  await expect(newest).toContainText('47,5 g')
  await expect(newest).toContainText('Clara Sonnberg')
  await expect(newest).toContainText('Inventur: Bruch beim Umpacken')
  await expect(history.locator('tbody tr').nth(1)).toContainText('Wareneingang')

  // Destroying asks for amount and reason, then for the confirmation.
  await page.getByRole('button', { name: 'Vernichten' }).click()
  const destroy = page.getByRole('dialog', { name: `Ware aus ${batchNumber} vernichten` })
  await destroy.getByLabel('Menge in g').fill('1')
  await destroy.getByLabel('Grund').fill('Verunreinigt')
  await destroy.getByRole('button', { name: 'Weiter' }).click()
  const confirm = page.getByRole('alertdialog', {
    name: `1 g aus Charge ${batchNumber} vernichten?`,
  })
  await confirm.getByRole('button', { name: 'Vernichten' }).click()
  await expect(
    page.getByText(`Die Ware aus Charge ${batchNumber} ist als vernichtet gebucht.`),
  ).toBeVisible()
  await expect(history.locator('tbody tr').first()).toContainText('Vernichtung')
  await expect(history.locator('tbody tr').first()).toContainText('46,5 g')
  await expect(history.locator('tbody tr').first()).toContainText('Verunreinigt')
  expect(errors).toEqual([])
})

test('the owner reorders the low stock as drafts per supplier', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/inventory?warning=low')
  await expect(page.getByRole('heading', { level: 1, name: 'Bestand' })).toBeVisible()
  await waitForHydratedPage(page)
  await page.getByRole('button', { name: 'Nachbestellen' }).click()
  await page
    .getByRole('alertdialog', { name: 'Nachbestellen' })
    .getByRole('button', { name: 'Entwürfe anlegen' })
    .click()
  const result = page.getByRole('region', { name: 'Ergebnis der Nachbestellung' })
  const draft = result.getByRole('link', { name: /Entwurf für Nordhanf Großhandel GmbH/ })
  await expect(draft).toBeVisible()
  await expect(result).toContainText('Nebelwald')
  // Each line names the pack size and PZN, as the pickers do (issue 35).
  await expect(result.getByRole('listitem').filter({ hasText: 'Nebelwald' }).first()).toContainText(
    /Nebelwald \S+ \d+ g · PZN \d{8}/,
  )
  await draft.click()
  await expect(page).toHaveURL(/\/purchase_orders\/[0-9a-f-]{36}\/edit$/)
  await expect(page.getByText('Nebelwald').first()).toBeVisible()
  expect(errors).toEqual([])
})

test('the inventory works by keyboard alone', async ({ page }) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/inventory')
  await expect(page.getByRole('heading', { level: 1, name: 'Bestand' })).toBeVisible()
  await expectNoSeriousViolations(page)

  const filter = page.getByLabel('Bestand', { exact: true })
  await tabTo(page, filter)
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/inStock=yes/)
  const batchLink = page.getByRole('link', { name: batchNumber })
  await tabTo(page, batchLink)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: `Charge ${batchNumber}` })).toBeVisible()
  const block = page.getByRole('button', { name: 'Sperren' })
  await tabTo(page, block)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(block).toBeFocused()
})

test('a club records a harvest of its own variety', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/inventory')
  await page
    .getByRole('link', { name: /Ernte erfassen/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ernte erfassen' })).toBeVisible()
  await expect(page).toHaveTitle('Ernte erfassen – Blattwerk')
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)
  const variety = page.getByLabel('Sorte', { exact: true })
  await expect(variety.locator('option').nth(1)).toBeAttached()
  await variety.selectOption({ index: 1 })
  await page.getByLabel('Trockengewicht in g').fill('250')
  await page.getByLabel('THC in %').fill('14')
  // Without a best-before date (§ 21 KCanG) the harvest is not recorded.
  await page.getByRole('button', { name: 'Ernte erfassen' }).click()
  await expect(page.getByText('Bitte gib das Mindesthaltbarkeitsdatum an.')).toBeVisible()
  await page.getByLabel('Mindesthaltbar bis').fill(nextYear())
  await page.getByRole('button', { name: 'Ernte erfassen' }).click()
  await expect(page).toHaveURL(/\/inventory\/batches\/[0-9a-f-]{36}$/)
  await expect(
    page.getByRole('heading', { level: 1, name: /^Charge ER-\d{4}-\d{5}$/ }),
  ).toBeVisible()
  await expect(page.getByText('Eigene Ernte')).toBeVisible()
  await expect(page.getByText('250 g').first()).toBeVisible()
  expect(errors).toEqual([])
})
