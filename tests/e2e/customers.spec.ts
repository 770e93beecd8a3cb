import { readFile } from 'node:fs/promises'
import { expectAccessibleAfterToast, expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, test } from './support/test'

/**
 * A pharmacist of Sonnen-Apotheke enters a patient, finds her in the list, corrects her address,
 * writes a note, opens the DSGVO export and, as she has no orders, anonymises her. A club sees
 * "Mitglieder" and cannot enter a 17-year-old. A business customer is entered by keyboard alone. A
 * wholesaler enters a pharmacy only with its licence (§ 47 AMG).
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

/** `YYYY-MM-DD` of the day `years` ago plus `days`. */
function yearsAgo(years: number, days = 0) {
  const now = new Date()
  return new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days),
  )
    .toISOString()
    .slice(0, 10)
}

test('a pharmacist enters, finds, edits, annotates, exports and anonymises a patient', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Kunden' })).toContainText('Kim Kunde')
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Kunde anlegen' }).first().click()
  await expect(page).toHaveURL(/\/customers\/create$/)
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)
  await expect(page.getByLabel('Patient', { exact: true })).toBeChecked()
  await page.getByLabel('Vorname').fill('Edda')
  await page.getByLabel('Nachname').fill('Rosenfeld')
  await page.getByLabel('Geburtsdatum').fill('1972-02-29')
  await page.getByLabel('Straße und Hausnummer (optional)').fill('Weigandufer 12')
  await page.getByLabel('PLZ').fill('1204')
  await page.getByLabel('Ort').fill('Berlin')
  await page.getByLabel('Kostenträger').selectOption({ label: 'Gesetzlich versichert (GKV)' })
  await page.getByRole('button', { name: 'Kunde anlegen' }).click()
  // The shared schema refuses before anything is sent.
  await expect(page.getByText('Die Postleitzahl hat fünf Ziffern.')).toBeVisible()
  await expect(page.getByText('Bitte gib die Krankenkasse an.')).toBeVisible()
  await page.getByLabel('PLZ').fill('12045')
  await page.getByLabel('Krankenkasse').fill('AOK Nordost')
  await page.getByLabel('Versichertennummer').fill('R987654321')
  await page.getByRole('button', { name: 'Kunde anlegen' }).click()
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Edda Rosenfeld' })).toBeVisible()
  await expectAccessibleAfterToast(page, 'Der Kunde wurde angelegt.')
  const number = (await page.getByText(/^KD-\d{5}$/).textContent()) ?? ''
  expect(number).toMatch(/^KD-\d{5}$/)

  await page.getByRole('link', { name: 'Kunden', exact: true }).first().click()
  await page.getByLabel('Name, Kundennummer oder E-Mail suchen').fill('rosenfeld')
  await expect(page).toHaveURL(/q=rosenfeld/)
  const rows = page.getByRole('table', { name: 'Kunden' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(number)
  await rows.first().getByRole('link', { name: number }).click()

  await page.getByRole('link', { name: 'Bearbeiten' }).click()
  await expect(page).toHaveURL(/\/edit$/)
  await waitForHydratedForm(page)
  await expectNoSeriousViolations(page)
  await page.getByLabel('Ort').fill('Berlin-Neukölln')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Der Kunde wurde gespeichert.')).toBeVisible()
  await expect(page.getByText('Berlin-Neukölln')).toBeVisible()

  await page.getByLabel('Neue Notiz').fill('Möchte telefonisch über Lieferungen informiert werden.')
  await page.getByRole('button', { name: 'Notiz speichern' }).click()
  await expect(page.getByText('Die Notiz wurde gespeichert.')).toBeVisible()
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Möchte telefonisch über Lieferungen' }),
  ).toContainText('Dr. Clara Sonnberg')
  await page.reload()
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Datenauskunft' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Datenauskunft: Edda Rosenfeld' }),
  ).toBeVisible()
  await expect(page.getByText('Berlin-Neukölln')).toBeVisible()
  await expect(page.getByText('Möchte telefonisch über Lieferungen')).toBeVisible()
  await expect(page.getByText('29.02.1972')).toBeVisible()
  await expectNoSeriousViolations(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Als JSON herunterladen' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`datenauskunft-${number}.json`)

  await page.getByRole('link', { name: 'Edda Rosenfeld' }).click()
  await page.getByRole('button', { name: 'Anonymisieren' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Kunde anonymisieren?' })
  await expect(confirm).toContainText('Bestellungen, Rechnungen und Abgabedokumentation bleiben')
  await expectNoSeriousViolations(page)
  await confirm.getByRole('button', { name: 'Endgültig anonymisieren' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Anonymisiert' })).toBeVisible()
  await expect(page.getByText('Möchte telefonisch')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Anonymisieren' })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a club keeps Mitglieder and refuses a 17-year-old', async ({ page }) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Mitglieder' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Mitglieder' })).toContainText('GE-001')
  await page.getByRole('link', { name: 'Mitglied anlegen' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mitglied anlegen' })).toBeVisible()
  await waitForHydratedForm(page)
  await expect(page.getByLabel('Patient', { exact: true })).toHaveCount(0)
  await page.getByLabel('Vorname').fill('Mika')
  await page.getByLabel('Nachname').fill('Jungmann')
  await page.getByLabel('Geburtsdatum').fill(yearsAgo(17))
  await page.getByLabel('PLZ').fill('04109')
  await page.getByLabel('Ort').fill('Leipzig')
  await page.getByRole('button', { name: 'Mitglied anlegen' }).click()
  await expect(page.getByText(/Die Person ist jünger als 18 Jahre/)).toBeVisible()
  await expect(page).toHaveURL(/\/customers\/create$/)
  await expectNoSeriousViolations(page)
})

test('a business customer is entered and found by keyboard alone', async ({ page }) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/customers/create')
  await waitForHydratedForm(page)
  await tabTo(page, page.getByLabel('Patient', { exact: true }))
  await page.keyboard.press('ArrowRight')
  await expect(page.getByLabel('Geschäftskunde')).toBeChecked()
  await tabTo(page, page.getByLabel('Firma'))
  await page.keyboard.type('Praxis am Tastaturweg')
  await tabTo(page, page.getByLabel('USt-IdNr. (optional)'))
  await page.keyboard.type('DE111222333')
  await tabTo(page, page.getByRole('button', { name: 'Kunde anlegen' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Praxis am Tastaturweg' })).toBeVisible()

  await page.goto('/customers')
  const search = page.getByLabel('Name, Kundennummer oder E-Mail suchen')
  await tabTo(page, search)
  await page.keyboard.type('Tastaturweg')
  await expect(page).toHaveURL(/q=Tastaturweg/)
  const link = page.getByRole('table', { name: 'Kunden' }).getByRole('link', { name: /^KD-/ })
  await expect(link).toHaveCount(1)
  await tabTo(page, link)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Praxis am Tastaturweg' })).toBeVisible()
})

test('a wholesaler enters a pharmacy only with its licence and sees licences running out', async ({
  page,
}) => {
  await openBackOffice(page, 'grosshandel', 'grosshandel-demo-2026')
  await page.goto('/customers/create')
  await waitForHydratedForm(page)
  await page.getByLabel('Firma').fill('Apotheke am Fischmarkt')
  await page.getByLabel('PLZ').fill('22767')
  await page.getByLabel('Ort').fill('Hamburg')
  await page.getByRole('button', { name: 'Kunde anlegen' }).click()
  // § 47 AMG: refused without the licence, with the reason under each field.
  await expect(page.getByText('Bitte wähle die Art der Erlaubnis.')).toBeVisible()
  await expect(page.getByText('Bitte gib die Nummer der Erlaubnis an.')).toBeVisible()
  await expect(page).toHaveURL(/\/customers\/create$/)
  await page.getByLabel('Art der Erlaubnis').selectOption('pharmacy')
  await page.getByLabel('Erlaubnisnummer').fill('HH-APO-2024-0456')
  await page.getByLabel('Erteilt von (Behörde)').fill('Behörde für Justiz und Verbraucherschutz')
  await page.getByLabel('Gültig bis').fill(yearsAgo(-3))
  await page.getByRole('button', { name: 'Kunde anlegen' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Apotheke am Fischmarkt' }),
  ).toBeVisible()
  await expect(page.getByText('HH-APO-2024-0456')).toBeVisible()

  // The dashboard counts the demo's Hafen-Apotheke, whose licence runs out in three weeks.
  await page.goto('/dashboard')
  await page.getByRole('link', { name: /Erlaubnisse prüfen/ }).click()
  await expect(page).toHaveURL(/licence=attention/)
  const table = page.getByRole('table', { name: 'Kunden' })
  await expect(table).toContainText('Hafen-Apotheke Altona')
  await expect(table).not.toContainText('Apotheke am Fischmarkt')
})

test('the pharmacist exports the filtered customer list as CSV, every page of it', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/customers?kind=patient&active=yes&sort=number&dir=desc')
  await waitForHydratedForm(page)
  const total = Number(
    ((await page.getByText(/^\d[\d.]* Einträge$/).textContent()) ?? '').replace(/\D/g, ''),
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Als CSV exportieren/ }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^kunden-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile(await download.path(), 'utf8')
  expect(csv.startsWith('\uFEFFKundennummer;Art;Name;Ansprechpartner;Straße;PLZ;Ort;')).toBe(true)
  const rows = csv.trimEnd().split('\r\n').slice(1)
  // Every active patient, all pages of them, newest number first as the list shows them.
  expect(total).toBeGreaterThan(0)
  expect(rows).toHaveLength(total)
  const cells = rows.map((row) => row.split(';'))
  expect(cells.every((row) => row[1] === 'Patient' && row.at(-2) === 'Aktiv')).toBe(true)
  const numbers = cells.map((row) => row[0] as string)
  expect(numbers).toEqual([...numbers].sort().reverse())
  const firstRow = page.getByRole('table').getByRole('row').nth(1)
  await expect(firstRow.getByRole('link').first()).toHaveText(numbers[0] as string)
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})
