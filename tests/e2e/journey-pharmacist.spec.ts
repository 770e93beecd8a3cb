import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expectAccessibleAfterToast, expectNoSeriousViolations } from './support/axe'
import {
  confirmOrder,
  ePrescription,
  issueInvoiceAndOpenPdf,
  markReady,
  openCustomerOrder,
  openHandoutLabel,
  recordCheckedERezept,
} from './support/customer-orders'
import {
  chooseLavendeltalBulk,
  confirmFilling,
  expectAwaitingCheck,
  openProtocolAs,
  startFilling,
} from './support/filling'
import { watchPageErrors } from './support/page'
import { addProduct, chooseNordhanf } from './support/purchase-orders'
import {
  openBackOffice,
  tenantOrigin,
  waitForHydratedForm,
  waitForHydratedPage,
} from './support/session'
import { addFirstAddress, registerPatient } from './support/shop-accounts'
import { nordsternToCheckout, orderForPickup } from './support/shop-orders'
import { expect, type Page, test } from './support/test'

/**
 * Issue 35: a pharmacist's working day at Sonnen-Apotheke, as testers followed it at desktop and
 * phone width. She looks at the dashboard, orders Zitronenhain from Nordhanf and books the goods in
 * with the measured THC/CBD, releases the batch, takes a shop order with an e-Rezept through the
 * check, the preparation, the label and the hand-over, opens its invoice, finds the patient and
 * exports her data, and fills two units from a bulk batch that a second pharmacist confirms.
 * Each width makes its own purchase order, batch, shop order and filling, and its own patient who
 * registers for the order: the demo patient's hourly order limit belongs to the other specs.
 */

/** Zitronenhain 10 g from Nordhanf's price list, ordered in tens. */
const zitronenhain = '12289709'
const certificate = path.join(import.meta.dirname, 'fixtures', 'analysezertifikat.pdf')
const widths = [
  { width: 1366, height: 900, task: '31', patient: 'Greta Breitbild' },
  { width: 390, height: 844, task: '32', patient: 'Greta Hochformat' },
]

const main = (page: Page) => page.getByRole('main')

/**
 * The customer export of the journey's step "find the patient and export her data": the data
 * access report (Art. 15 DSGVO) of her customer page, as JSON. Answers the saved file's text.
 */
async function exportCustomer(page: Page, name: string) {
  await page.getByRole('link', { name: 'Datenauskunft' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Datenauskunft: ${name}` }),
  ).toBeVisible()
  await waitForHydratedPage(page)
  await expectNoSeriousViolations(page)
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Als JSON herunterladen' }).click(),
  ])
  expect(file.suggestedFilename()).toMatch(/^datenauskunft-KD-\d{5}\.json$/)
  return readFile(await file.path(), 'utf8')
}

// A whole day in one test: on a loaded two-core machine it has taken close to four minutes.
test.describe.configure({ timeout: 360_000 })

for (const { width, height, task, patient: patientName } of widths) {
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

      // Set-up by a new patient in her own browser: the shop order the pharmacist works on.
      const patient = await (await browser.newContext({ viewport: { width, height } })).newPage()
      const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
      await registerPatient(patient, shop, {
        name: patientName,
        email: `journey.pharmacist.${width}.${Date.now()}@example.com`,
        password: 'ein-gutes-passwort-2026',
        birthDate: '1979-03-14',
      })
      await nordsternToCheckout(patient, shop)
      await addFirstAddress(patient, {
        name: patientName,
        street: 'Hermannstraße 48',
        postalCode: '12045',
        city: 'Berlin',
      })
      const orderNumber = await orderForPickup(patient, task)
      await patient.context().close()

      await test.step('Record and check the e-Rezept of the shop order', async () => {
        await openCustomerOrder(page, orderNumber, { axe: true })
        await recordCheckedERezept(page)
      })

      await test.step('Prepare the order: confirm it and pick the batch', async () => {
        await confirmOrder(page)
        await markReady(page, { axe: true })
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
        const label = await openHandoutLabel(page)
        await expect(label).toContainText(`Für: ${patientName}`)
        await expect(label).toContainText(ePrescription.directions)
        await expect(label).toContainText('(NRF 22.12.)')
        await expect(label).toContainText(ePrescription.prescriber)
        await expectNoSeriousViolations(page)
      })

      await test.step('Issue the invoice and open its PDF', async () => {
        await page.goto(orderUrl)
        await waitForHydratedPage(page)
        expect(await issueInvoiceAndOpenPdf(page)).toMatch(/^RE-\d{4}-\d{5}$/)
        await expectNoSeriousViolations(page)
      })

      await test.step('Find the patient and export her data', async () => {
        await page.goto('/customers')
        await waitForHydratedPage(page)
        await expect(page.getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible()
        await page.getByLabel('Name, Kundennummer oder E-Mail suchen').fill(patientName)
        await expect(page).toHaveURL(new RegExp(`[?&]q=${patientName.replace(' ', '(\\+|%20)')}`))
        await expectNoSeriousViolations(page)
        // One match: her row (a card on a phone) links her customer number.
        await expect(main(page).getByText(patientName)).toBeVisible()
        await main(page)
          .getByRole('link', { name: /^KD-\d{5}$/ })
          .click()
        await expect(page.getByRole('heading', { level: 1, name: patientName })).toBeVisible()
        await expect(page.getByRole('region', { name: 'Bestellungen' })).toContainText(orderNumber)
        await expectNoSeriousViolations(page)
        const exported = await exportCustomer(page, patientName)
        for (const part of patientName.split(' ')) expect(exported).toContain(`"${part}"`)
        expect(exported).toContain(orderNumber)
      })

      let filling = { number: '', protocolUrl: '' }
      await test.step('Fill two 10 g units from the Lavendeltal bulk batch', async () => {
        await page.goto('/organisations/filling-protocol')
        await expect(
          page.getByRole('heading', { level: 1, name: 'Abfüllprotokolle' }),
        ).toBeVisible()
        await expectNoSeriousViolations(page)
        await main(page).getByRole('link', { name: 'Neue Abfüllung' }).click()
        await expect(page).toHaveURL(/\/organisations\/filling-protocol\/neu$/)
        await chooseLavendeltalBulk(page)
        await page.getByLabel('Anzahl Einheiten').fill('2')
        await page.getByLabel('Sollgewicht je Einheit in g (netto)').fill('10')
        await expectNoSeriousViolations(page)
        filling = await startFilling(page)
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
        await expectAwaitingCheck(page, filling.number)
        await expectNoSeriousViolations(page)
      })

      await test.step('A second pharmacist checks and confirms the filling', async () => {
        const colleague = await openProtocolAs(browser, filling.protocolUrl, 'apothekerin', {
          width,
          height,
        })
        await expect(
          colleague.getByRole('heading', { level: 1, name: `Abfüllprotokoll ${filling.number}` }),
        ).toBeVisible()
        await expect(main(colleague)).toContainText('2 von 2 Einheiten innerhalb ±2 %')
        await expectNoSeriousViolations(colleague)
        await confirmFilling(colleague, filling.number, '20,100 g')
        await expectNoSeriousViolations(colleague)
        await colleague.context().close()
      })

      expect(errors).toEqual([])
    })
  })
}
