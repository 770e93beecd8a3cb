import { readFile } from 'node:fs/promises'
import { expectAccessibleAfterToast, expectNoSeriousViolations } from './support/axe'
import {
  chooseLavendeltalBulk,
  confirmFilling,
  expectAwaitingCheck,
  openProtocolAs,
  startFilling,
} from './support/filling'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * The pharmacist of Sonnen-Apotheke writes a new version of the Lavendeltal preparation
 * instruction, fills two 5 g units from the Lavendeltal bulk batch, weighs
 * them by keyboard (one outside the tolerance needs its reason) and hands the filling over; she
 * may not confirm it herself. The PTA may not either (ApBetrO § 7): the page tells him why. Her
 * fellow pharmacist confirms it, which books a new batch, and downloads the protocol as PDF.
 */

test.describe.configure({ timeout: 120_000 })

const main = (page: Page) => page.getByRole('main')

test('a pharmacist fills a batch and a colleague confirms it', async ({ page, browser }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page
    .getByRole('navigation', { name: 'Bereiche' })
    .getByRole('link', { name: 'Abfüllprotokoll' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Abfüllprotokolle' })).toBeVisible()
  // The demo: a confirmed filling, and one waiting for the colleague's check.
  const list = page.getByRole('table', { name: 'Abfüllprotokolle' })
  await expect(list).toContainText('Wartet auf Prüfung')
  await expect(list).toContainText('Bestätigt')
  await expectNoSeriousViolations(page)

  // Defektur fills by a written instruction: a new version starts from the current one.
  await main(page).getByRole('link', { name: 'Herstellungsanweisungen' }).click()
  await expect(page).toHaveURL(/\/organisations\/filling-protocol\/anweisungen$/)
  await waitForHydratedForm(page)
  const product = page.getByLabel('Produkt (lose Blüten)')
  const lavendeltalProduct = product.locator('option', { hasText: 'Lavendeltal' }).first()
  await product.selectOption((await lavendeltalProduct.getAttribute('value')) as string)
  const instruction = page.getByLabel('Herstellungsanweisung', { exact: true })
  await expect(instruction).toHaveValue(/Herstellungsanweisung Abfüllung Lavendeltal/)
  await instruction.fill(`${await instruction.inputValue()}\n6. Auch 5-g-Dosen zulässig.`)
  await page.getByRole('button', { name: 'Neue Version speichern' }).click()
  await expectAccessibleAfterToast(page, 'Version 2 der Herstellungsanweisung ist gespeichert.')
  await expect(main(page)).toContainText('Auch 5-g-Dosen zulässig.')
  await main(page).getByRole('link', { name: 'Abfüllprotokolle' }).click()

  await main(page).getByRole('link', { name: 'Neue Abfüllung' }).click()
  await expect(page).toHaveURL(/\/organisations\/filling-protocol\/neu$/)
  await chooseLavendeltalBulk(page)
  // Without a manufacturing licence at most 100 packs of a product a day (§ 21 AMG).
  await page.getByLabel('Anzahl Einheiten').fill('101')
  await page.getByRole('button', { name: 'Abfüllung beginnen' }).click()
  await expect(page.getByLabel('Anzahl Einheiten')).toHaveAccessibleDescription(
    /höchstens 100 abgabefertige Packungen.*heute nur noch \d+ Packung/,
  )
  await page.getByLabel('Anzahl Einheiten').fill('2')
  await expect(page.getByLabel('Sollgewicht je Einheit in g (netto)')).toHaveValue('5')
  await expect(page.getByLabel('Packungsprodukt')).toHaveValue('new')
  await expect(page.getByLabel('Packungsprodukt')).toContainText('Neu anlegen: „Lavendeltal, 5 g“')
  await expectNoSeriousViolations(page)
  const { number, protocolUrl } = await startFilling(page)
  await expect(main(page)).toContainText('Version 2 vom')

  // Weighed by keyboard: gross and tare per unit, the net follows.
  await tabTo(page, page.getByLabel('Brutto Einheit 1'))
  await page.keyboard.type('16,234')
  await page.keyboard.press('Tab')
  await page.keyboard.type('11,2')
  await tabTo(page, page.getByLabel('Brutto Einheit 2'))
  await page.keyboard.type('16,05')
  await page.keyboard.press('Tab')
  await page.keyboard.type('11,2')
  await expect(main(page)).toContainText('5,034 g')
  await expect(main(page)).toContainText('−3 % – außerhalb')
  await tabTo(page, page.getByLabel('Entnommene Menge in g'))
  await page.keyboard.type('10,1')
  await tabTo(page, page.getByLabel('Grund des Verlusts'))
  await page.keyboard.type('Staub beim Umfüllen')
  // The test record: appearance, identity and labelling checked before the hand-over.
  await page.getByLabel(/^Aussehen geprüft/).check()
  await page.getByLabel(/^Identität und Kennzeichnung geprüft/).check()
  await tabTo(page, page.getByRole('button', { name: 'Zur Prüfung übergeben' }))
  await page.keyboard.press('Enter')
  // Outside ±2 %: the unit needs its reason, and the focus lands there.
  const reason = page.getByLabel('Begründung Einheit 2')
  await expect(reason).toBeFocused()
  await expect(main(page)).toContainText('außerhalb der Toleranz von ±2 %: bitte begründen.')
  await page.keyboard.type('Blüte nicht teilbar')
  await tabTo(page, page.getByRole('button', { name: 'Zur Prüfung übergeben' }))
  await page.keyboard.press('Enter')

  await expectAwaitingCheck(page, number)
  await expect(main(page)).toContainText('Vier-Augen-Prinzip')
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])

  // The PTA prepares but does not confirm: the page says why instead of offering the button.
  const pta = await openProtocolAs(browser, protocolUrl, 'mitarbeiter')
  await expect(main(pta)).toContainText(
    'Die Abfüllung bestätigt in der Apotheke nur ein Apotheker oder eine Apothekerin',
  )
  await expect(pta.getByRole('button', { name: 'Prüfen und bestätigen' })).toHaveCount(0)
  await pta.context().close()

  // The second pharmacist checks and confirms.
  const colleague = await openProtocolAs(browser, protocolUrl, 'apothekerin')
  await expect(main(colleague)).toContainText('Blüte nicht teilbar')
  await expect(main(colleague)).toContainText('1 von 2 Einheiten innerhalb ±2 %')
  await confirmFilling(colleague, number, '10,100 g')
  await expectNoSeriousViolations(colleague)

  const [pdf] = await Promise.all([
    colleague.waitForEvent('download'),
    colleague.getByRole('button', { name: /PDF/ }).click(),
  ])
  expect(pdf.suggestedFilename()).toBe(`abfuellprotokoll-${number}.pdf`)
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-')

  // The units are stock now: a released batch of "Lavendeltal, 5 g", filled from the bulk batch.
  await main(colleague).getByRole('link', { name: number }).click()
  await expect(colleague).toHaveURL(/\/inventory\/batches\/[0-9a-f-]{36}$/)
  await expect(main(colleague)).toContainText('Lavendeltal, 5 g')
  await expect(main(colleague)).toContainText('Abgefüllt aus Charge')
  await colleague.context().close()
})
