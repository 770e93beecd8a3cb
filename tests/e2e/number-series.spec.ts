import { expectNoSeriousViolations } from './support/axe'
import { watchPageErrors } from './support/page'
import { openBackOffice } from './support/session'
import { expect, test } from './support/test'

/**
 * Nordhanf's owner sees each number series with its own prefix, changes the prefix of a series
 * that has issued nothing yet, and finds the series with issued documents locked.
 */

const wholesaler = '00000000-0000-4000-8000-000000000004'

test.describe.configure({ timeout: 90_000 })

test('the owner chooses the prefix of an unused series; used series are locked', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'grosshandel', 'grosshandel-demo-2026')
  await page.goto(`/organisations/${wholesaler}`)
  const section = page.getByRole('region', { name: 'Nummernkreise' })
  await expect(section).toBeVisible()
  const invoices = section.getByRole('row', { name: /Rechnungen und Stornorechnungen/ })
  await expect(invoices.getByText(/^Fest seit/)).toBeVisible()
  await expect(invoices.getByRole('button')).toHaveCount(0)
  await expectNoSeriousViolations(page)

  await section.getByRole('button', { name: 'Kürzel der Abfüllprotokolle ändern' }).click()
  const dialog = page.getByRole('dialog', { name: 'Kürzel der Abfüllprotokolle' })
  const prefix = dialog.getByLabel('Kürzel')
  await prefix.fill('AB')
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(
    dialog.getByText('Das Kürzel „AB“ verwenden bereits die Auftragsbestätigungen.', {
      exact: false,
    }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)

  await prefix.fill('nf')
  await dialog.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Die Abfüllprotokolle beginnen jetzt mit „NF“.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const fillings = section.getByRole('row', { name: /Abfüllprotokolle/ })
  await expect(fillings.getByText(/^NF-\d{4}-00001$/)).toBeVisible()

  await page.reload()
  await expect(
    page
      .getByRole('region', { name: 'Nummernkreise' })
      .getByRole('row', { name: /Abfüllprotokolle/ })
      .getByRole('cell', { name: 'NF', exact: true }),
  ).toBeVisible()
  expect(errors).toEqual([])
})
