import path from 'node:path'
import { expectNoSeriousViolations } from './support/axe'
import { waitForMail } from './support/mail'
import { watchPageErrors } from './support/page'
import { waitForHydratedForm, waitForHydratedPage } from './support/session'
import { addFirstAddress, openConfirmationMail, submitRegistration } from './support/shop-accounts'
import { expect, type Locator, type Page, test } from './support/test'

/**
 * A patient's day (issue 35), at a desktop's and a phone's width: she finds Sonnen-Apotheke by her
 * postcode on the main domain, searches and filters its flowers, reads a product, composes the
 * prescription for her doctor in the Rezeptkonfigurator, puts the flower in the cart as a guest,
 * registers at the checkout and confirms by the mail in the same browser (logged in, back at the
 * checkout, ADR 077), orders for pickup paid at the counter, orders again by courier paid by bank
 * transfer, and finds in her account what she has to pay for each order. Each width uses its own
 * account; the flower is prescription-only and in stock, one step of it per order.
 */

const scan = path.resolve(import.meta.dirname, 'fixtures/analysezertifikat.pdf')
const password = 'ein-gutes-passwort-2026'

/** The summary's or a card's value next to its term (`<dt>label</dt><dd>value</dd>`). */
const termValue = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')

/** The page has hydrated, passes axe and is no wider than the screen. */
async function settled(page: Page) {
  await waitForHydratedPage(page)
  await expectNoSeriousViolations(page)
  const width = page.viewportSize()?.width ?? 0
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/** Opens an area of the assortment from the header: on a phone behind the menu button. */
async function openAssortment(page: Page, area: 'Blüten' | 'Extrakte') {
  if ((page.viewportSize()?.width ?? 0) < 768) {
    await page.getByRole('button', { name: 'Sortiment öffnen' }).click()
    await page.getByRole('dialog').getByRole('link', { name: area }).click()
  } else {
    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Sortiment' })
      .getByRole('link', { name: area })
      .click()
  }
  await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible()
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Warenkorb/ })

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } })
    test.describe.configure({ timeout: 120_000 })

    test(`a patient finds her pharmacy, orders twice and sees what to pay (${width} px)`, async ({
      page,
    }) => {
      const errors = watchPageErrors(page)
      const phone = width < 768
      const email = `journey.patient.${width}.${Date.now()}@example.com`
      const name = `Petra Patientin ${width}`
      let shop = ''

      await test.step('Find the pharmacy that delivers to postcode 12043', async () => {
        await page.goto('/')
        const search = page.getByLabel('Name, Stadt oder Postleitzahl')
        await search.fill('12043')
        await search.press('Enter')
        await expect(page.getByText(/Apotheken? für „12043“/)).toBeVisible()
        const first = page
          .getByRole('list')
          .filter({ has: page.getByRole('heading', { level: 3 }) })
          .getByRole('listitem')
          .first()
        await expect(first.getByRole('heading', { level: 3 })).toHaveText('Sonnen-Apotheke')
        await expect(first).toContainText('Liefert mit Botendienst zu Ihnen')
        await settled(page)
        await first.getByRole('link', { name: 'Zum Shop von Sonnen-Apotheke' }).click()
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        shop = new URL(page.url()).origin
        expect(shop).toMatch(/^http:\/\/sonnen-apotheke\.localhost:\d+$/)
        await settled(page)
      })

      await test.step('Search and filter the flowers of the catalogue', async () => {
        await openAssortment(page, 'Blüten')
        await waitForHydratedForm(page)
        const results = page.getByRole('status').filter({ hasText: /Blüten?$/ })
        const all = (await results.textContent()) ?? ''
        const form = page.getByRole('form', { name: 'Suche, Filter und Sortierung' })
        if (phone) await page.getByText('Suche, Filter und Sortierung').click()
        await form.getByRole('checkbox', { name: /^Hybrid/ }).check()
        await expect(page).toHaveURL(/genetics=/)
        await expect(results).not.toHaveText(all)
        await form.getByRole('searchbox', { name: 'Suche' }).fill('nordstern')
        await expect(page).toHaveURL(/q=nordstern/)
        await expect(results).toHaveText('1 Blüte')
        await expect(page.getByRole('article')).toHaveCount(1)
        await settled(page)
      })

      await test.step('Read the product page of the flower', async () => {
        await page.getByRole('link', { name: /Nordlicht Nordstern/ }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: /Nordlicht Nordstern/ }),
        ).toBeVisible()
        await expect(page.getByText('Rezept erforderlich')).toBeVisible()
        await expect(page.getByRole('heading', { name: 'Aktuelle Charge' })).toBeVisible()
        await waitForHydratedForm(page)
        await settled(page)
      })

      await test.step('Compose the prescription for the doctor in the configurator', async () => {
        await page.getByRole('link', { name: 'Im Rezeptkonfigurator verwenden' }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: 'Rezeptkonfigurator' }),
        ).toBeVisible()
        await waitForHydratedForm(page)
        await expect(page.getByLabel('Sorte', { exact: true })).toHaveValue(
          new URL(page.url()).searchParams.get('produkt') ?? 'missing',
        )
        await page.getByLabel('Menge (g)').selectOption('30')
        await page.getByLabel('Einzeldosis (ED)').fill('0,05')
        await page.getByLabel('Tagesdosis (TD)').fill('0,15')
        await expect(page.getByTestId('prescription-text')).toContainText(
          'Nordlicht Nordstern 22/<1',
        )
        await expect(page.getByTestId('prescription-text')).toContainText(
          'D. S. ED 0,05 g, TD 0,15 g.',
        )
        await expect(page.getByText(/Noch (fehlt|fehlen)/)).toHaveCount(0)
        await settled(page)
        await page.goBack()
        await expect(
          page.getByRole('heading', { level: 1, name: /Nordlicht Nordstern/ }),
        ).toBeVisible()
      })

      await test.step('Put the flower in the cart as a guest', async () => {
        await waitForHydratedForm(page)
        await page.getByRole('button', { name: 'In den Warenkorb' }).click()
        await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()
        await expect(cartLink(page)).toContainText('1')
        await cartLink(page).click()
        await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible()
        const lines = page
          .getByRole('region', { name: 'Produkte im Warenkorb' })
          .getByRole('listitem')
        await expect(lines).toHaveCount(1)
        await expect(lines).toContainText('Nordstern')
        await settled(page)
      })

      await test.step('Register at the checkout', async () => {
        await page.getByRole('link', { name: 'Zur Kasse' }).click()
        await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/)
        await waitForHydratedForm(page)
        await settled(page)
        await page.getByRole('tab', { name: 'Kundenkonto' }).click()
        await page.getByRole('link', { name: 'Noch kein Konto? Konto erstellen' }).click()
        await expect(page).toHaveURL(`${shop}/registrieren?redirect=%2Fcheckout`)
        await waitForHydratedForm(page)
        await settled(page)
        await submitRegistration(page, { name, email, password, birthDate: '1988-06-21' })
      })

      await test.step('Confirm the address by the mail and land logged in at the checkout', async () => {
        const mail = await openConfirmationMail(page, shop, email)
        expect(mail.from).toContain('Sonnen-Apotheke')
        await settled(page)
        await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
        await expect(page).toHaveURL(`${shop}/checkout`)
        await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible()
        await expect(page.getByRole('main')).toContainText('Nordstern')
      })

      let pickupOrder = ''
      await test.step('Check out for pickup, paid at the counter', async () => {
        await waitForHydratedForm(page)
        await settled(page)
        // Her first address, added in place: in the courier area she found the shop by.
        await addFirstAddress(page, {
          name,
          street: 'Weserstraße 40',
          postalCode: '12043',
          city: 'Berlin',
        })

        await page.getByRole('radio', { name: /^Abholung in der Apotheke/ }).check()
        // Prescription-only: the order needs to say who pays and how the prescription comes.
        await page.getByRole('radio', { name: /^Zahlung bei Abholung/ }).check()
        await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
        const payer = page.getByRole('group', { name: 'Wer bezahlt das Rezept?' })
        await expect(payer.getByRole('alert')).toHaveText('Bitte wählen Sie, wer zahlt.')
        await expect(
          page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
        ).toHaveCount(0)
        await page.getByRole('radio', { name: 'Gesetzlich versichert (GKV)' }).check()
        await page.getByRole('radio', { name: 'E-Rezept-Code eingeben' }).check()
        await page
          .getByRole('textbox', { name: 'E-Rezept-Code' })
          .fill(
            `Task/160.000.000.000.000.${width === 390 ? 39 : 13}/$accept?ac=${'ef56'.repeat(16)}`,
          )
        await expect(page.getByRole('complementary')).toContainText('davon Krankenkasse')
        await settled(page)
        await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
        ).toBeVisible()
        pickupOrder = ((await page.locator('#order-number').textContent()) ?? '').trim()
        expect(pickupOrder).toMatch(/^AU-\d{4}-\d{5}$/)
        const confirmation = page.getByRole('main')
        await expect(confirmation).toContainText('Gesetzlich versichert (GKV)')
        await expect(confirmation).toContainText('Zahlung bei Abholung')
        await settled(page)
      })

      let transferOrder = ''
      await test.step('Order again by courier and pay by bank transfer', async () => {
        await openAssortment(page, 'Blüten')
        await waitForHydratedForm(page)
        if (phone) await page.getByText('Suche, Filter und Sortierung').click()
        await page.getByRole('searchbox', { name: 'Suche' }).fill('nordstern')
        await expect(page.getByRole('article')).toHaveCount(1)
        await page.getByRole('link', { name: /Nordlicht Nordstern/ }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: /Nordlicht Nordstern/ }),
        ).toBeVisible()
        await waitForHydratedForm(page)
        await page.getByRole('button', { name: 'In den Warenkorb' }).click()
        await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()
        await cartLink(page).click()
        await expect(
          page.getByRole('region', { name: 'Produkte im Warenkorb' }).getByRole('listitem'),
        ).toHaveCount(1)
        await settled(page)
        await page.getByRole('link', { name: 'Zur Kasse' }).click()
        await expect(page).toHaveURL(`${shop}/checkout`)
        await waitForHydratedForm(page)
        await expect(page.getByRole('radio', { name: /Weserstraße 40/ })).toBeChecked()
        await page.getByRole('radio', { name: /^Botendienst/ }).check()
        await page.getByRole('radio', { name: /Selbstzahler/ }).check()
        await page.getByRole('radio', { name: 'Rezept-Scan hochladen' }).check()
        await page.locator('input[type="file"]').first().setInputFiles(scan)
        await expect(page.getByText('analysezertifikat.pdf')).toBeVisible()
        await page.getByRole('radio', { name: /^Überweisung/ }).check()
        await settled(page)
        await page.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
        ).toBeVisible()
        transferOrder = ((await page.locator('#order-number').textContent()) ?? '').trim()
        const transfer = page.getByLabel('Überweisung', { exact: true })
        await expect(transfer).toContainText('DE89 3704 0044 0532 0130 00')
        await expect(transfer).toContainText(`Verwendungszweck${transferOrder}`)
        await settled(page)
      })

      await test.step('See in the account what to pay for each order', async () => {
        await page.getByRole('banner').getByRole('link', { name: 'Mein Konto' }).click()
        await page
          .getByRole('navigation', { name: 'Mein Konto' })
          .getByRole('link', { name: 'Meine Bestellungen' })
          .click()
        await expect(page).toHaveURL(`${shop}/account/orders`)
        await settled(page)
        const row = (number: string) =>
          page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) })
        await expect(row(pickupOrder)).toBeVisible()
        await expect(row(transferOrder)).toBeVisible()

        // The transfer: account, amount and reference to type into the banking app.
        await row(transferOrder).getByRole('link', { name: transferOrder }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: `Bestellung ${transferOrder}` }),
        ).toBeVisible()
        const totals = page.getByRole('region', { name: 'Positionen' })
        const owed = ((await termValue(totals, 'Gesamt').textContent()) ?? '').trim()
        const details = page.getByRole('region', { name: 'Lieferung und Zahlung' })
        const account = details.getByLabel('Überweisung', { exact: true })
        await expect(account).toContainText('IBAN')
        await expect(account).toContainText('DE89 3704 0044 0532 0130 00')
        await expect(account).toContainText(`Betrag${owed}`)
        await expect(account).toContainText(`Verwendungszweck${transferOrder}`)
        await settled(page)
        // The order's mail carries the same transfer.
        const mail = await waitForMail(
          (received) => received.to.includes(email) && received.subject.includes(transferOrder),
        )
        expect(mail.text).toContain('IBAN: DE89 3704 0044 0532 0130 00')
        expect(mail.text).toContain(`Betrag: ${owed}`)
        expect(mail.text).toContain(`Verwendungszweck: ${transferOrder}`)

        // Pickup: her co-payment, paid at the counter.
        await page.getByRole('link', { name: 'Meine Bestellungen' }).first().click()
        await row(pickupOrder).getByRole('link', { name: pickupOrder }).click()
        await expect(
          page.getByRole('heading', { level: 1, name: `Bestellung ${pickupOrder}` }),
        ).toBeVisible()
        const share = (
          (await termValue(
            page.getByRole('region', { name: 'Positionen' }),
            'Von Ihnen zu zahlen',
          ).textContent()) ?? ''
        ).trim()
        const pickupDetails = page.getByRole('region', { name: 'Lieferung und Zahlung' })
        await expect(pickupDetails).toContainText('Zahlung bei Abholung')
        await expect(pickupDetails).toContainText(
          `Sie bezahlen ${share} bei der Abholung in der Apotheke.`,
        )
        await settled(page)
      })

      expect(errors).toEqual([])
    })
  })
}
