import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { watchPageErrors } from './support/page'
import { addProduct, chooseNordhanf } from './support/purchase-orders'
import { openBackOffice, waitForHydratedForm, waitForHydratedPage } from './support/session'
import { placePayAtPickupOrder } from './support/shop-orders'

/**
 * Issue 35: a pharmacist's working day at Sonnen-Apotheke, as testers followed it at desktop and
 * phone width. She looks at the dashboard, orders Zitronenhain from Nordhanf and books the goods in
 * with the measured THC/CBD, releases the batch, takes a shop order with an e-Rezept through the
 * check, the preparation, the label and the hand-over, opens its invoice, finds the patient and
 * exports her data, and fills two units from a bulk batch that a second pharmacist confirms.
 * Each width makes its own purchase order, batch, shop order and filling.
 */

/** Zitronenhain 10 g from Nordhanf's price list, ordered in tens. */
const zitronenhain = '12289709'
const certificate = path.join(import.meta.dirname, 'fixtures', 'analysezertifikat.pdf')
const widths = [
  { width: 1366, height: 900, task: '31' },
  { width: 390, height: 844, task: '32' },
]

const main = (page: Page) => page.getByRole('main')

/**
 * Axe looks at a settled page: a toast still shown fails the contrast check while it fades. The
 * pointer leaves the toasts first (a toast under it stays), as a person's hand leaves the mouse.
 */
async function expectAccessibleAfterToast(page: Page, toast: string | RegExp) {
  await expect(page.getByText(toast)).toBeVisible()
  await page.mouse.move(0, 0)
  await expect(page.getByText(toast)).toBeHidden({ timeout: 10_000 })
  await expectNoSeriousViolations(page)
}

test.describe.configure({ timeout: 240_000 })

for (const { width, height, task } of widths) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } })

    test(`a pharmacist's working day (${width} px)`, async ({ page, browser, baseURL }) => {
      const errors = watchPageErrors(page)
      const batchNumber = `ZH-DAY-${width}`

      await test.step('Open the dashboard', async () => {
        await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
        await waitForHydratedPage(page)
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
        await expect(page.getByRole('link', { name: /Rezeptprüfung offen/ })).toBeVisible()
        await expectNoSeriousViolations(page)
      })

      let purchaseOrder = ''
      await test.step('Order ten packs of Zitronenhain from Nordhanf', async () => {
        await page.goto('/purchase_orders/create')
        await waitForHydratedForm(page)
        await expect(
          page.getByRole('heading', { level: 1, name: 'Einkaufsbestellung anlegen' }),
        ).toBeVisible()
        await expectNoSeriousViolations(page)
        await chooseNordhanf(page)
        await addProduct(page, zitronenhain)
        await expect(page.getByRole('textbox', { name: /^Menge:/ })).toHaveValue('10')
        await page.getByRole('button', { name: 'Entwurf speichern' }).click()
        await expect(page).toHaveURL(/\/purchase_orders\/[0-9a-f-]+\/edit$/)
        await page.getByRole('button', { name: 'Bestellen' }).click()
        await page
          .getByRole('alertdialog', { name: 'Verbindlich bestellen?' })
          .getByRole('button', { name: 'Bestellen' })
          .click()
        const heading = page.getByRole('heading', { level: 1, name: /^Bestellung EK-\d{4}-\d{5}$/ })
        await expect(heading).toBeVisible()
        purchaseOrder = ((await heading.textContent()) ?? '').replace('Bestellung ', '')
        await expectAccessibleAfterToast(page, `Bestellt als ${purchaseOrder}.`)
        await expect(main(page).getByText('Bestellt', { exact: true }).first()).toBeVisible()
      })

      await test.step('Receive the goods of the purchase order with the measured THC and CBD', async () => {
        await page.getByRole('link', { name: 'Wareneingang buchen' }).click()
        await expect(page).toHaveURL(/\/receipt$/)
        await waitForHydratedForm(page)
        await expectNoSeriousViolations(page)
        const line = page.getByRole('group').filter({ hasText: 'Zitronenhain' }).first()
        await line.getByRole('button', { name: /^Charge erfassen/ }).click()
        await line.getByLabel('Chargennummer').fill(batchNumber)
        await line.getByLabel('Menge in Packungen').fill('10')
        await line.getByLabel('Verfallsdatum').fill('2028-06-30')
        await line.getByLabel('THC laut CoA (%)').fill('22,4')
        await line.getByLabel('CBD laut CoA (%)').fill('0,3')
        await line.locator('input[type="file"]').setInputFiles(certificate)
        await expect(line.getByText('analysezertifikat.pdf hochgeladen')).toBeVisible()
        await page.getByRole('button', { name: 'Wareneingang buchen' }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: `Bestellung ${purchaseOrder}` }),
        ).toBeVisible()
        await expectAccessibleAfterToast(page, 'Eine Charge eingebucht.')
        await expect(main(page).getByText('Eingegangen', { exact: true }).first()).toBeVisible()
      })

      await test.step('Release the received batch after the identity test', async () => {
        await page.goto(`/inventory?q=${zitronenhain}`)
        await expect(page.getByRole('heading', { level: 1, name: 'Bestand' })).toBeVisible()
        await expectNoSeriousViolations(page)
        await main(page).getByRole('link', { name: batchNumber }).first().click()
        await expect(
          page.getByRole('heading', { level: 1, name: `Charge ${batchNumber}` }),
        ).toBeVisible()
        await waitForHydratedPage(page)
        await expect(main(page)).toContainText('Quarantäne')
        await expect(main(page)).toContainText('22,4')
        await expect(main(page)).toContainText('0,3')
        await expectNoSeriousViolations(page)
        await page.getByRole('button', { name: 'Freigeben' }).click()
        const release = page.getByRole('dialog', { name: `Charge ${batchNumber} freigeben` })
        // Measured contents are there: no release "without THC/CBD" is asked for.
        await expect(release.getByLabel('Ohne THC-/CBD-Messwerte freigeben')).toHaveCount(0)
        await release.getByLabel('Prüfnummer').fill(`PR-DAY-${width}`)
        await expectNoSeriousViolations(page)
        await release.getByRole('button', { name: 'Freigeben' }).click()
        await expectAccessibleAfterToast(page, `Charge ${batchNumber} ist freigegeben.`)
        await expect(main(page).getByText('Freigegeben', { exact: true }).first()).toBeVisible()
        await expect(main(page)).toContainText(`PR-DAY-${width}`)
      })

      // Set-up by the patient in her own browser: the shop order the pharmacist works on.
      const patient = await (await browser.newContext({ viewport: { width, height } })).newPage()
      const { orderNumber } = await placePayAtPickupOrder(patient, baseURL, task)
      await patient.context().close()
      expect(orderNumber).toMatch(/^AU-\d{4}-\d{5}$/)

      const card = page.getByRole('region', { name: 'Rezept' })
      await test.step('Record and check the e-Rezept of the shop order', async () => {
        await page.goto(`/customer_orders?q=${orderNumber}`)
        await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible()
        await expectNoSeriousViolations(page)
        await main(page).getByRole('link', { name: orderNumber }).first().click()
        await expect(
          page.getByRole('heading', { level: 1, name: `Bestellung ${orderNumber}` }),
        ).toBeVisible()
        await waitForHydratedForm(page)
        await expectNoSeriousViolations(page)
        await card.getByLabel(/Verschreibende/).fill('Dr. med. Felix Hartmann')
        await card.getByLabel('Ausstellungsdatum').fill(new Date().toISOString().slice(0, 10))
        await card
          .getByLabel('Zubereitung')
          .selectOption({ label: 'Blüten, zerkleinert (NRF 22.12.)' })
        await card
          .getByLabel('Gebrauchsanweisung')
          .fill('0,1 g verdampfen und inhalieren, bis zu 3 × täglich')
        await card.getByLabel('Krankenkasse').fill('Techniker Krankenkasse')
        await card.getByLabel('Versichertennummer').fill('T123456789')
        await card.getByRole('button', { name: 'Rezept speichern' }).click()
        await expect(card.getByText('Nicht geprüft')).toBeVisible()
        await card.getByRole('button', { name: 'Rezept geprüft' }).click()
        await expect(card.getByText('Geprüft', { exact: true })).toBeVisible()
        await card.getByRole('button', { name: 'E-Rezept eingelöst' }).click()
        await expect(card.getByRole('button', { name: 'E-Rezept eingelöst' })).toBeHidden()
      })

      await test.step('Prepare the order: confirm it and pick the batch', async () => {
        await page.getByRole('button', { name: 'Bestätigen' }).click()
        await expect(
          page.getByText('Die Bestellung ist bestätigt; die Ware ist reserviert.'),
        ).toBeVisible()
        await page.getByRole('button', { name: 'Abholbereit' }).click()
        const pick = page.getByRole('dialog', { name: 'Abholbereit melden' })
        await expect(pick.getByRole('textbox', { name: /^Charge / }).first()).not.toHaveValue('')
        await expectNoSeriousViolations(page)
        await pick.getByRole('button', { name: 'Als abholbereit markieren' }).click()
        await expect(pick).toBeHidden()
        await expect(main(page).getByText('Abholbereit', { exact: true }).first()).toBeVisible()
      })

      await test.step('Hand the order over and take the payment at the till', async () => {
        await page.getByRole('button', { name: 'Abschließen' }).click()
        const handOver = page.getByRole('dialog', { name: `Bestellung ${orderNumber} übergeben` })
        await expect(handOver.getByRole('radio', { name: /^Bar an der Kasse/ })).toBeChecked()
        await handOver.getByRole('textbox', { name: 'Nummer des Kassenbons' }).fill(`B-${width}`)
        await expectNoSeriousViolations(page)
        await handOver.getByRole('button', { name: 'Übergeben und abschließen' }).click()
        await expect(handOver).toBeHidden()
        await expect(
          page.getByText('Die Bestellung ist abgeschlossen; die Zahlung ist erfasst.'),
        ).toBeVisible()
        await page.reload()
        await waitForHydratedPage(page)
        await expect(main(page).getByText('Abgeschlossen', { exact: true }).first()).toBeVisible()
        await expect(page.getByText('Zahlung: Bezahlt')).toBeVisible()
        await expect(
          page.getByText(new RegExp(`bar an der Kasse .*Kassenbon B-${width}`, 'i')),
        ).toBeVisible()
        await expectNoSeriousViolations(page)
      })

      const orderUrl = page.url()
      await test.step('Read the label of the hand-out', async () => {
        await page
          .getByRole('region', { name: 'Abgabe' })
          .getByRole('link', { name: /^Abgabe und Etikett AG-/ })
          .first()
          .click()
        await expect(
          page.getByRole('heading', { level: 1, name: /^Abgabe AG-\d{4}-\d{5}$/ }),
        ).toBeVisible()
        const label = page.getByRole('article', { name: 'Etikett' })
        await expect(label).toContainText('Sonnen-Apotheke')
        await expect(label).toContainText('Für: Kim Kunde')
        await expect(label).toContainText('0,1 g verdampfen und inhalieren, bis zu 3 × täglich')
        await expect(label).toContainText('(NRF 22.12.)')
        await expect(label).toContainText('Dr. med. Felix Hartmann')
        await expectNoSeriousViolations(page)
      })

      await test.step('Issue the invoice and open its PDF', async () => {
        await page.goto(orderUrl)
        await waitForHydratedPage(page)
        const documents = page.getByRole('region', { name: 'Dokumente' })
        await documents.getByRole('button', { name: 'Rechnung ausstellen' }).click()
        await expectAccessibleAfterToast(page, /^Rechnung RE-\d{4}-\d{5} ist ausgestellt\.$/)
        const invoice = documents.getByRole('row').filter({ hasText: /RE-\d{4}-\d{5}/ })
        await expect(invoice).toHaveCount(1)
        const answer = page.waitForResponse((response) =>
          /\/api\/files\/[0-9a-f-]+$/.test(response.url()),
        )
        const [pdf] = await Promise.all([
          page.waitForEvent('download'),
          invoice.getByRole('button', { name: /^PDF/ }).click(),
        ])
        expect((await answer).headers()['content-type']).toBe('application/pdf')
        expect(pdf.suggestedFilename()).toMatch(/^RE-\d{4}-\d{5}\.pdf$/i)
        expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-')
      })

      await test.step('Find the patient and export her data', async () => {
        await page.goto('/customers')
        await waitForHydratedPage(page)
        await expect(page.getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible()
        await page.getByLabel('Name, Kundennummer oder E-Mail suchen').fill('Kim Kunde')
        await expect(page).toHaveURL(/[?&]q=Kim(\+|%20)Kunde/)
        await expectNoSeriousViolations(page)
        // One match: her row (a card on a phone) links her customer number.
        await expect(main(page).getByText('Kim Kunde')).toBeVisible()
        await main(page)
          .getByRole('link', { name: /^KD-\d{5}$/ })
          .click()
        await expect(page.getByRole('heading', { level: 1, name: 'Kim Kunde' })).toBeVisible()
        await expect(page.getByRole('region', { name: 'Bestellungen' })).toContainText(orderNumber)
        await expectNoSeriousViolations(page)
        await page.getByRole('link', { name: 'Datenauskunft' }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: 'Datenauskunft: Kim Kunde' }),
        ).toBeVisible()
        await waitForHydratedPage(page)
        await expectNoSeriousViolations(page)
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Als JSON herunterladen' }).click(),
        ])
        expect(file.suggestedFilename()).toMatch(/^datenauskunft-KD-\d{5}\.json$/)
        const exported = await readFile(await file.path(), 'utf8')
        expect(exported).toContain('"Kim"')
        expect(exported).toContain('"Kunde"')
        expect(exported).toContain(orderNumber)
      })

      let protocolUrl = ''
      let filling = ''
      await test.step('Fill two 10 g units from the Lavendeltal bulk batch', async () => {
        await page.goto('/organisations/filling-protocol')
        await expect(
          page.getByRole('heading', { level: 1, name: 'Abfüllprotokolle' }),
        ).toBeVisible()
        await expectNoSeriousViolations(page)
        await main(page).getByRole('link', { name: 'Neue Abfüllung' }).click()
        await expect(page).toHaveURL(/\/organisations\/filling-protocol\/neu$/)
        await waitForHydratedForm(page)
        const bulk = page.getByLabel('Charge (Großgebinde)')
        const lavendeltal = bulk.locator('option', { hasText: 'Lavendeltal' }).first()
        await bulk.selectOption((await lavendeltal.getAttribute('value')) as string)
        await page.getByLabel('Anzahl Einheiten').fill('2')
        await page.getByLabel('Sollgewicht je Einheit in g (netto)').fill('10')
        await expectNoSeriousViolations(page)
        await page.getByRole('button', { name: 'Abfüllung beginnen' }).click()
        const heading = page.getByRole('heading', {
          level: 1,
          name: /^Abfüllprotokoll AF-\d{4}-\d{5}$/,
        })
        await expect(heading).toBeVisible()
        filling = ((await heading.textContent()) ?? '').replace('Abfüllprotokoll ', '')
        protocolUrl = page.url()
        await waitForHydratedForm(page)
        await expectNoSeriousViolations(page)
        for (const unit of [1, 2]) {
          await page.getByLabel(`Brutto Einheit ${unit}`).fill('21,25')
          await page.getByLabel(`Tara Einheit ${unit}`).fill('11,2')
        }
        await expect(main(page)).toContainText('Summe netto20,100 g')
        await page.getByLabel('Entnommene Menge in g').fill('20,1')
        await page.getByLabel(/^Aussehen geprüft/).check()
        await page.getByLabel(/^Identität und Kennzeichnung geprüft/).check()
        await page.getByRole('button', { name: 'Zur Prüfung übergeben' }).click()
        await expect(main(page).getByText('Wartet auf Prüfung', { exact: true })).toBeVisible()
        // Four eyes: she may not confirm her own filling.
        await expect(page.getByRole('button', { name: 'Prüfen und bestätigen' })).toHaveCount(0)
        await expectAccessibleAfterToast(page, `Abfüllung ${filling} ist zur Prüfung übergeben.`)
      })

      await test.step('A second pharmacist checks and confirms the filling', async () => {
        const colleague = await (
          await browser.newContext({ viewport: { width, height } })
        ).newPage()
        await openBackOffice(colleague, 'apothekerin', 'apothekerin-demo-2026')
        await colleague.goto(protocolUrl)
        await waitForHydratedPage(colleague)
        await expect(
          colleague.getByRole('heading', { level: 1, name: `Abfüllprotokoll ${filling}` }),
        ).toBeVisible()
        await expect(main(colleague)).toContainText('2 von 2 Einheiten innerhalb ±2 %')
        await expectNoSeriousViolations(colleague)
        await colleague.getByRole('button', { name: 'Prüfen und bestätigen' }).click()
        const dialog = colleague.getByRole('alertdialog')
        await expect(dialog).toContainText('20,100 g ausgebucht')
        await dialog.getByRole('button', { name: 'Bestätigen und einbuchen' }).click()
        await expect(dialog).toBeHidden()
        await expect(main(colleague).getByText('Bestätigt', { exact: true })).toBeVisible()
        await expect(main(colleague)).toContainText('Ayla Kern')
        await expectAccessibleAfterToast(
          colleague,
          `Abfüllung bestätigt: Charge ${filling} ist im Bestand.`,
        )
        await colleague.context().close()
      })

      expect(errors).toEqual([])
    })
  })
}
