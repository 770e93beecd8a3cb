import { expectNoSeriousViolations } from './support/axe'
import { tabTo, watchPageErrors } from './support/page'
import {
  openBackOffice,
  tenantOrigin,
  waitForHydratedForm,
  waitForHydratedPage,
} from './support/session'
import { expect, test } from './support/test'

/** Apotheke am Markt (demo data): a pharmacy with a shop that no other journey changes. */
const marketPharmacy = '00000000-0000-4000-8000-000000000005'

test.describe.configure({ timeout: 60_000 })

test('the owner changes the opening hours by keyboard alone and the shop shows them', async ({
  page,
  browser,
  baseURL,
}) => {
  const hours = `Sa 9:00–13:00 (${Date.now()})`
  await openBackOffice(page, 'markt', 'markt-demo-2026')
  await page.goto(`/organisations/${marketPharmacy}?tab=shop`)
  await waitForHydratedForm(page)
  await expect(page.getByRole('heading', { name: 'Ihr Shop' })).toBeVisible()
  await expect(page.getByText('Mollie-API-Schlüssel:')).toContainText('nicht gesetzt')
  await expectNoSeriousViolations(page)

  await tabTo(page, page.getByLabel('Öffnungszeiten'))
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type(hours)
  await tabTo(page, page.getByRole('button', { name: 'Speichern', exact: true }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('Die Einstellungen sind gespeichert und gelten sofort.'),
  ).toBeVisible()

  const visitor = await browser.newPage()
  await visitor.goto(`${tenantOrigin(baseURL, 'apotheke-am-markt')}/shop`)
  await expect(visitor.getByRole('contentinfo')).toContainText(hours)
  await visitor.close()
})

test('the platform admin deactivates a pharmacy: its shop is unavailable until reactivated', async ({
  page,
  browser,
  baseURL,
}) => {
  const shop = `${tenantOrigin(baseURL, 'apotheke-am-markt')}/shop`
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto(`/organisations/${marketPharmacy}`)
  await waitForHydratedPage(page)
  const facts = page.getByRole('region', { name: 'Organisation' })
  await expect(facts).toContainText('Aktiv')
  await tabTo(page, page.getByRole('button', { name: 'Organisation deaktivieren' }))
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: /deaktivieren\?$/ })
  await expect(confirm).toBeVisible()
  await expectNoSeriousViolations(page)
  await confirm.getByRole('button', { name: 'Organisation deaktivieren' }).click()
  await expect(facts).toContainText('Deaktiviert')

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  // The page's code loads after the entry, before it hydrates (lazy-error-pages.ts).
  const visitorErrors = watchPageErrors(visitor)
  await visitor.goto(shop)
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Derzeit nicht verfügbar' }),
  ).toBeVisible()
  expect(visitorErrors).toEqual([])
  await expect(visitor.getByText('Apotheke am Markt')).toHaveCount(0)
  await expectNoSeriousViolations(visitor)

  await page.getByRole('button', { name: 'Aktivieren' }).click()
  await page
    .getByRole('alertdialog', { name: /wieder aktivieren\?$/ })
    .getByRole('button', { name: 'Aktivieren' })
    .click()
  await expect(facts).toContainText('Aktiv')
  await visitor.goto(shop)
  await expect(visitor.getByRole('banner')).toContainText('Apotheke am Markt')
  await visitorContext.close()
})

test('an own domain shows its TXT record and serves nothing until the record is found', async ({
  page,
  request,
}) => {
  const domain = 'shop.apotheke-am-markt.example'
  await openBackOffice(page, 'markt', 'markt-demo-2026')
  await page.goto(`/organisations/${marketPharmacy}?tab=shop`)
  await waitForHydratedForm(page)
  await page.getByLabel('Domain (optional)').fill(domain)
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(
    page.getByText('Die Einstellungen sind gespeichert und gelten sofort.'),
  ).toBeVisible()

  const verification = page.getByText(`Status von ${domain}`).locator('..')
  await expect(verification).toContainText('nicht bestätigt – die Domain zeigt nichts an')
  await expect(verification).toContainText(`_blattwerk-verification.${domain}`)
  await expect(verification.locator('code').nth(1)).toHaveText(/^blattwerk-[A-Za-z0-9_-]{24}$/)
  await expectNoSeriousViolations(page)

  // No such record here (or no DNS at all): the owner is told, and the host serves nothing.
  await verification.getByRole('button', { name: 'Jetzt prüfen' }).click()
  await expect(verification.getByRole('status')).toHaveText(
    /TXT-Eintrag wurde nicht gefunden|DNS-Server hat nicht geantwortet/,
    { timeout: 20_000 },
  )
  expect((await request.get(`/api/tenant?host=${domain}`)).status()).toBe(404)

  await page.getByLabel('Domain (optional)').fill('')
  await page.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(page.getByText(`Status von ${domain}`)).toBeHidden()
})
