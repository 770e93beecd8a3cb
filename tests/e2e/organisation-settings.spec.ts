import sharp from 'sharp'
import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice, waitForHydratedForm } from './support/session'
import { expect, test } from './support/test'

/**
 * Nordhanf's owner keeps the letterhead its invoices print — by keyboard, with the IBAN checked —
 * and uploads a logo; a pharmacy employee reads their organisation's letterhead but cannot edit it.
 */

const wholesaler = '00000000-0000-4000-8000-000000000004'
const pharmacy = '00000000-0000-4000-8000-000000000002'
const club = '00000000-0000-4000-8000-000000000003'

test.describe.configure({ timeout: 90_000 })

test('the owner saves the letterhead by keyboard and uploads a logo', async ({ page }) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'grosshandel', 'grosshandel-demo-2026')
  await page.goto(`/organisations/${wholesaler}`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nordhanf Großhandel GmbH' }),
  ).toBeVisible()
  await waitForHydratedForm(page)
  await expect(page.getByText('Speicherstadt 3, 20457 Hamburg')).toBeVisible()
  await expectNoSeriousViolations(page)

  // A mistyped IBAN is refused under its field, and the focus goes there.
  const iban = page.getByLabel('IBAN', { exact: true })
  await tabTo(page, iban)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('DE02 1203 0000 0000 2020 52')
  await tabTo(page, page.getByRole('button', { name: 'Speichern', exact: true }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('Die IBAN ist ungültig. Bitte prüfe sie auf Tippfehler.'),
  ).toBeVisible()
  await expect(iban).toBeFocused()
  await expectNoSeriousViolations(page)

  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('DE02 1203 0000 0000 2020 51')
  const bank = page.getByLabel('Bank', { exact: true })
  await tabTo(page, bank)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Hamburger Sparkasse')

  // Its permits, printed on its delivery notes (§ 47 AMG).
  await expect(page.getByLabel('Großhandelserlaubnis nach § 52a AMG (Nr.)')).toHaveValue(
    'HH-52a-2022-0317',
  )
  await expect(page.getByLabel('MedCanG-Erlaubnis erteilt von (Behörde)')).toHaveValue(
    'Bundesinstitut für Arzneimittel und Medizinprodukte (BfArM)',
  )

  // A GmbH names its managing directors (§ 35a GmbHG): without them saving is refused there.
  await expect(page.getByLabel('Rechtsform')).toHaveValue('gmbh')
  await expect(page.getByLabel('Registernummer')).toHaveValue('HRB 178234')
  const managers = page.getByLabel('Geschäftsführer', { exact: true })
  await expect(managers).toHaveValue('Hanna Nordmann\nErik Lindqvist')
  await tabTo(page, managers)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await tabTo(page, page.getByRole('button', { name: 'Speichern', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Bitte nenne: Geschäftsführer (§ 35a GmbHG).')).toBeVisible()
  await expect(managers).toBeFocused()
  await page.keyboard.type('Hanna Nordmann')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Jens Ufer')

  const logo = await sharp({
    create: { width: 120, height: 60, channels: 3, background: { r: 20, g: 110, b: 50 } },
  })
    .png()
    .toBuffer()
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await expect(page.getByRole('img', { name: 'Logo der Organisation' })).toBeVisible()

  await tabTo(page, page.getByRole('button', { name: 'Speichern', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Briefkopf und Rechnungsangaben wurden gespeichert.')).toBeVisible()

  await page.reload()
  await waitForHydratedForm(page)
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue('DE02120300000000202051')
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('Hamburger Sparkasse')
  await expect(page.getByLabel('Geschäftsführer', { exact: true })).toHaveValue(
    'Hanna Nordmann\nJens Ufer',
  )
  await expect(page.getByRole('img', { name: 'Logo der Organisation' })).toBeVisible()
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})

test('an employee reads the letterhead without a form', async ({ page }) => {
  await openBackOffice(page, 'mitarbeiter', 'mitarbeiter-demo-2026')
  await page.goto(`/organisations/${pharmacy}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sonnen-Apotheke' })).toBeVisible()
  await expect(
    page.getByText(
      'Nur die Inhaberin oder der Inhaber der Organisation kann diese Angaben ändern.',
    ),
  ).toBeVisible()
  await expect(page.getByText('DE89370400440532013000')).toBeVisible()
  await expect(page.getByText('Betriebserlaubnis (Nr.)')).toBeVisible()
  await expect(page.getByText('BE-APO-2019-0412')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0)
  await expectNoSeriousViolations(page)
})

test('a club’s owner adapts the information given with every hand-out and resets it', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto(`/organisations/${club}`)
  await waitForHydratedForm(page)
  const text = page.getByLabel('Text der Information')
  await expect(text).toHaveValue(/Wechselwirkungen mit Medikamenten/)
  const template = await text.inputValue()
  const save = page.getByRole('button', { name: 'Information speichern' })

  // A text that drops a topic of § 21 Abs. 3 KCanG is refused under the field.
  await text.fill('Risiken\nCannabis kann abhängig machen.')
  await save.click()
  await expect(page.getByText(/Es fehlt: Wechselwirkungen, Dosierung, Beratung\./)).toBeVisible()

  await text.fill(`${template}\n\nIm Verein\nFragen? Sprich unsere Präventionsbeauftragte an.`)
  await save.click()
  await expect(page.getByText('Die Information zur Abgabe wurde gespeichert.')).toBeVisible()
  await page.getByRole('button', { name: 'Auf Vorlage zurücksetzen' }).click()
  await expect(page.getByText('Die Information zur Abgabe ist wieder die Vorlage.')).toBeVisible()
  await expect(text).toHaveValue(template)
  await expect(page.getByRole('button', { name: 'Auf Vorlage zurücksetzen' })).toHaveCount(0)
  expect(errors).toEqual([])
})
