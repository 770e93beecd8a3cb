import { readFile } from 'node:fs/promises'
import { expectNoSeriousViolations } from './support/axe'
import { watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, type Locator, type Page, test } from './support/test'

/**
 * An order between two organisations on the platform: Sonnen-Apotheke's demo purchase order to
 * Nordhanf (status "Bestellt") is, at Nordhanf, a customer order. Nordhanf confirms it, ships it
 * with the batches it picked, invoices it and downloads the e-invoice; the pharmacy then books the
 * goods in on a receipt form that already holds the shipped batches.
 */

test.describe.configure({ timeout: 120_000 })

/** Clicks a download button and answers the name and content of the file the browser saved. */
async function download(page: Page, button: Locator) {
  const saved = page.waitForEvent('download')
  await button.click()
  const file = await saved
  const path = await file.path()
  return { name: file.suggestedFilename(), content: await readFile(path) }
}

test('Nordhanf confirms, ships and invoices the pharmacy’s order; the pharmacy books it in', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'grosshandel', 'grosshandel-demo-2026')
  // Oldest first: the demo's order, whatever later specs (pack scanning) ordered since.
  await page.goto('/customer_orders?channel=purchase_order&status=new&sort=createdAt&dir=asc')
  const rows = page.getByRole('table', { name: 'Kundenbestellungen' }).locator('tbody tr')
  await expect(rows.first()).toContainText('Sonnen-Apotheke')
  await rows.first().getByRole('link').first().click()
  const heading = page.getByRole('heading', { level: 1, name: /^Bestellung AU-\d{4}-\d{5}$/ })
  await expect(heading).toBeVisible()
  const timeline = page.getByRole('region', { name: 'Verlauf' })
  const created =
    (await timeline.getByText(/^Bestellung EK-\d{4}-\d{5} von Sonnen-Apotheke$/).textContent()) ??
    ''
  const purchaseOrderNumber = created.match(/EK-\d{4}-\d{5}/)?.[0] ?? ''
  expect(purchaseOrderNumber).not.toBe('')
  await expectNoSeriousViolations(page)

  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(
    page.getByText('Die Bestellung ist bestätigt; die Ware ist reserviert.'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Versandt' }).click()
  const ship = page.getByRole('dialog', { name: 'Versand vermerken' })
  await expect(ship.getByRole('textbox', { name: /^Charge / }).first()).not.toHaveValue('')
  await ship.getByRole('button', { name: 'Als versandt markieren' }).click()
  await expect(ship).toBeHidden()
  await expect(page.getByText('Versandt', { exact: true }).first()).toBeVisible()
  // Shipped goods are on their way: cancelling is no longer offered.
  await expect(page.getByRole('button', { name: 'Stornieren' })).toHaveCount(0)

  const documents = page.getByRole('region', { name: 'Dokumente' })
  await documents.getByRole('button', { name: 'Rechnung ausstellen' }).click()
  const invoiceRow = documents.getByRole('row').filter({ hasText: /RE-\d{4}-\d{5}/ })
  await expect(invoiceRow).toHaveCount(1)
  const invoiceNumber = (await invoiceRow.textContent())?.match(/RE-\d{4}-\d{5}/)?.[0] ?? ''
  const xml = await download(page, invoiceRow.getByRole('button', { name: /XRechnung/ }))
  expect(xml.name).toMatch(/\.xml$/)
  const eInvoice = xml.content.toString('utf8')
  expect(eInvoice).toContain('CrossIndustryInvoice')
  expect(eInvoice).toContain(invoiceNumber)
  expect(eInvoice).toContain('Sonnen-Apotheke')
  // The buyer's purchase order is its order reference (BT-13).
  expect(eInvoice).toMatch(
    new RegExp(
      `<ram:BuyerOrderReferencedDocument>\\s*<ram:IssuerAssignedID>${purchaseOrderNumber}<`,
    ),
  )
  const pdf = await download(page, invoiceRow.getByRole('button', { name: /^PDF/ }))
  expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  // Sonnen-Apotheke receives XRechnung: the PDF is a readable copy, not a second e-invoice.
  expect(pdf.content.includes('factur-x.xml')).toBe(false)
  expect(errors).toEqual([])

  // The pharmacy's side: its purchase order is shipped, the receipt form holds the batches.
  await page.context().clearCookies()
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/purchase_orders?q=${purchaseOrderNumber}`)
  const orders = page.getByRole('table').locator('tbody tr')
  await expect(orders).toHaveCount(1)
  await expect(orders.first()).toContainText('Versandt')
  await orders.first().getByRole('link').first().click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Bestellung ${purchaseOrderNumber}` }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Wareneingang buchen' }).click()
  await expect(page).toHaveURL(/\/receipt$/)
  await waitForHydratedForm(page)
  await expect(page.getByText(/wie der Lieferant sie gemeldet hat/)).toBeVisible()
  const batchNumbers = page.getByLabel('Chargennummer')
  expect(await batchNumbers.count()).toBeGreaterThan(0)
  for (const field of await batchNumbers.all()) await expect(field).not.toHaveValue('')
  for (const field of await page.getByLabel('Verfallsdatum').all()) {
    await expect(field).not.toHaveValue('')
  }
  // Each batch comes with its CoA (the pharmacy's copy of Nordhanf's), none is left to upload.
  await expect(page.getByRole('button', { name: 'Andere Datei wählen' }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Analysezertifikat hochladen' })).toHaveCount(0)
  // The supplier's CoA opens from the form, in a tab titled with its batch rather than an id.
  const firstBatch = await batchNumbers.first().inputValue()
  const [certificateTab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Ansehen' }).first().click(),
  ])
  await expect(certificateTab).toHaveTitle(`CoA-${firstBatch}.pdf`)
  await certificateTab.close()
  for (const field of await page.getByLabel('THC laut CoA (%)').all()) await field.fill('20,5')
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Wareneingang buchen' }).click()
  await expect(page.getByText(/Chargen? eingebucht\./)).toBeVisible()
  await expect(page.getByText('Eingegangen', { exact: true }).first()).toBeVisible()
  expect(errors).toEqual([])
})

test('Nordhanf’s order for a pharmacy whose licence has expired is refused with the reason', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'grosshandel', 'grosshandel-demo-2026')
  // A customer is saved with an expired licence (its other data stays correctable)…
  await page.goto('/customers/create')
  await waitForHydratedForm(page)
  await page.getByLabel('Firma').fill('Apotheke am Deichtor')
  await page.getByLabel('PLZ').fill('20095')
  await page.getByLabel('Ort').fill('Hamburg')
  await page.getByLabel('Art der Erlaubnis').selectOption('pharmacy')
  await page.getByLabel('Erlaubnisnummer').fill('HH-APO-2009-0117')
  await page.getByLabel('Erteilt von (Behörde)').fill('Behörde für Justiz und Verbraucherschutz')
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('Gültig bis').fill(yesterday)
  await page.getByRole('button', { name: 'Kunde anlegen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Apotheke am Deichtor' })).toBeVisible()

  // …but nothing is sold to it (§ 47 AMG): the order is refused with the reason, none is saved.
  await page.goto('/customer_orders/create')
  await waitForHydratedForm(page)
  await page.getByRole('combobox', { name: 'Kunde' }).fill('Deichtor')
  await page.getByRole('option', { name: /Apotheke am Deichtor/ }).click()
  await expect(page.getByText('Gewählt: Apotheke am Deichtor')).toBeVisible()
  const picker = page.getByRole('combobox', { name: 'Produkt hinzufügen' })
  await picker.fill('12402695')
  await page.getByRole('option').filter({ hasText: '12402695' }).click()
  await page.getByRole('button', { name: 'Auftrag anlegen' }).click()
  await expect(
    page.getByText(
      /Die Erlaubnis von Apotheke am Deichtor ist am \d{2}\.\d{2}\.\d{4} abgelaufen\./,
    ),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/customer_orders\/create$/)
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})
