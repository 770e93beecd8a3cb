import { batchLabelCode, parsePackCode } from '~/lib/pack-codes'
import { expectNoSeriousViolations } from './support/axe'
import { watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * A clerk of Grüne Ecke reads the batch code off a hand-out label and scans it at the counter
 * with a keyboard-wedge scanner: variety and batch are chosen. A supplier's pack, an unknown
 * variety, a batch not on offer and an expired batch are refused next to the field, and nothing
 * is chosen.
 */

test.describe.configure({ timeout: 120_000 })

const main = (page: Page) => page.getByRole('main')

async function startHandout(page: Page) {
  await page.goto('/abgabe/neu')
  await waitForHydratedForm(page)
  await page.getByRole('combobox', { name: 'Mitglied suchen' }).fill('Jonas Richter')
  await page.getByRole('option', { name: /Jonas Richter/ }).click()
  await expect(page.getByRole('heading', { level: 3, name: 'Jonas Richter' })).toBeVisible()
}

/** Types a code as a wedge scanner does: one burst, then Enter. */
async function scan(page: Page, code: string) {
  await page.getByLabel('Etikett scannen').click()
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

test('the batch code of a hand-out label picks variety and batch at the counter', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'verein', 'verein-demo-2026')

  // A first hand-out chosen by hand; its label carries the batch's code with its text.
  await startHandout(page)
  await page.getByLabel('Sorte').selectOption({ label: 'Auwald' })
  await expect(page.getByLabel('Charge (Ernte)')).not.toHaveValue('')
  await page.getByLabel('Menge in g').fill('1')
  await page.getByLabel('Mitgliedsausweis und amtlichen Lichtbildausweis geprüft').check()
  await page.getByRole('button', { name: 'Abgabe erfassen' }).click()
  await expect(page).toHaveURL(/\/abgabe\/[0-9a-f-]{36}$/)
  const label = page.getByRole('article', { name: 'Etikett' })
  const codeText = ((await label.getByText(/^BW-CHARGE:/).textContent()) ?? '').trim()
  const parsed = parsePackCode(codeText)
  const { organisationProductId, batchNumber } = parsed.ok ? parsed.code : {}
  if (!organisationProductId || !batchNumber) throw new Error(`no batch code: ${codeText}`)
  await expect(
    label.getByRole('img', { name: `QR-Code: Chargencode der Charge ${batchNumber}` }),
  ).toBeVisible()

  await main(page).getByRole('link', { name: 'Neue Abgabe' }).click()
  await expect(page).toHaveURL(/\/abgabe\/neu$/)
  await startHandout(page)
  const variety = page.getByLabel('Sorte')
  const batch = page.getByLabel('Charge (Ernte)')

  // Refused, nothing chosen.
  const refusals: [string, RegExp][] = [
    ['-13796578', /Lieferantenpackung \(PZN 13796578\).*Nichts wurde gewählt/],
    [
      batchLabelCode({
        organisationProductId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
        batchNumber,
        expiryDate: null,
      }),
      /Unbekannte Sorte/,
    ],
    [
      batchLabelCode({ organisationProductId, batchNumber: 'GIBT-ES-NICHT', expiryDate: null }),
      /Charge GIBT-ES-NICHT ist nicht freigegeben oder nicht auf Lager/,
    ],
    [
      batchLabelCode({ organisationProductId, batchNumber: 'ALT-2019', expiryDate: '2020-01-31' }),
      /Charge ALT-2019 ist abgelaufen \(haltbar bis 31\.01\.2020\)/,
    ],
  ]
  for (const [code, message] of refusals) {
    await scan(page, code)
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible()
    await expect(variety).toHaveValue('')
    await expect(batch).toHaveValue('')
  }
  await expectNoSeriousViolations(page)

  // The label's code: variety and batch are chosen.
  await scan(page, codeText)
  await expect(
    page.getByRole('status').filter({ hasText: `Charge ${batchNumber} gewählt.` }),
  ).toBeVisible()
  await expect(variety).toHaveValue(organisationProductId)
  await expect(batch.locator('option:checked')).toContainText(batchNumber)
  await expectNoSeriousViolations(page)

  await page.getByLabel('Menge in g').fill('1')
  await page.getByLabel('Mitgliedsausweis und amtlichen Lichtbildausweis geprüft').check()
  await page.getByRole('button', { name: 'Abgabe erfassen' }).click()
  await expect(page).toHaveURL(/\/abgabe\/[0-9a-f-]{36}$/)
  // The scanned batch is the one handed out: the new label names it.
  await expect(page.getByRole('article', { name: 'Etikett' })).toContainText(codeText)
  expect(errors).toEqual([])
})
