import { expectNoSeriousViolations } from './support/axe'
import { tabTo } from './support/page'
import { openBackOffice, waitForHydratedPage } from './support/session'
import { expect, test } from './support/test'

test('the pharmacist sees the day’s figures and reaches the filtered list by keyboard', async ({
  page,
}) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto('/dashboard')
  await waitForHydratedPage(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const check = page.getByRole('link', { name: /Rezeptprüfung offen/ })
  await expect(check).toBeVisible()
  const count = Number((await check.locator('.text-3xl').textContent())?.replace(/\D/g, ''))
  expect(count).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { name: 'Letzte Aktivitäten' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Wareneingang' })).toBeVisible()
  await expectNoSeriousViolations(page)

  await tabTo(page, check)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/customer_orders\?todo=prescription_check$/)
  await expect(page.getByRole('combobox', { name: 'Aufgabe' })).toHaveValue('prescription_check')
  const rows = page.getByRole('table').getByRole('row')
  // A header row and one row per order the figure counted.
  await expect(rows).toHaveCount(count + 1)
})

test('the club sees its hand-outs, members near their limit and each variety’s stock', async ({
  page,
}) => {
  await openBackOffice(page, 'verein', 'verein-demo-2026')
  await page.goto('/dashboard')
  await waitForHydratedPage(page)
  await expect(page.getByRole('link', { name: /Mitglieder nahe am Monatslimit/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /Abgegeben diesen Monat/ })).toContainText(
    /die den aktiven Mitgliedern diesen Monat zustehen/,
  )
  const stock = page.getByRole('table', { name: 'Abgabefähiger Bestand je Sorte' })
  await expect(stock.getByRole('row')).not.toHaveCount(1)
  await expectNoSeriousViolations(page)
  await page.getByRole('link', { name: 'Neue Abgabe' }).last().click()
  await expect(page).toHaveURL(/\/abgabe\/neu$/)
})
