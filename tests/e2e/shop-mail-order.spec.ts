import { openBackOffice, tenantOrigin, waitForHydratedForm } from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * Mail order (§ 11a ApoG, § 67 Abs. 8 AMG, Reg. (EU) 699/2014; domain.md): Sonnen-Apotheke ships
 * and shows the EU common logo, linked to its register entry, and its permit on every shop page
 * and in its imprint; Apotheke am Markt (courier only) shows neither. The owner keeps them in the
 * shop settings. Reads demo data only.
 */

const sonnenPharmacy = '00000000-0000-4000-8000-000000000002'

const euLogoLink = (page: Page) =>
  page.getByRole('contentinfo').getByRole('link', { name: /EU-Sicherheitslogo/ })

test('a shipping shop shows the EU logo with its register link on every page; a courier-only shop does not', async ({
  page,
  baseURL,
}) => {
  const sonnen = tenantOrigin(baseURL, 'sonnen-apotheke')
  for (const path of ['/shop', '/blueten', '/extrakte', '/rezeptkonfigurator', '/warenkorb']) {
    await page.goto(`${sonnen}${path}`)
    const link = euLogoLink(page)
    await expect(link, path).toHaveAttribute('href', /^https:\/\/.*versandhandel/)
    await expect(link.getByRole('img')).toHaveJSProperty('complete', true)
    expect(
      await link.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBeGreaterThan(0)
    await expect(page.getByRole('contentinfo')).toContainText(
      /Versandhandelserlaubnis nach § 11a ApoG, erteilt von .+ am \d{2}\.\d{2}\.\d{4}/,
    )
  }
  await page.goto(`${sonnen}/legal-notice`)
  await expect(page.getByRole('main')).toContainText('Versandhandelserlaubnis nach § 11a ApoG')
  await expect(page.getByRole('main')).toContainText('Eintrag im Versandhandelsregister')

  const market = tenantOrigin(baseURL, 'apotheke-am-markt')
  for (const path of ['/shop', '/blueten']) {
    await page.goto(`${market}${path}`)
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(euLogoLink(page)).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).not.toContainText('Versandhandelserlaubnis')
  }
})

test('the shop settings show the permit, the register link and the EU logo beside shipping', async ({
  page,
}) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/organisations/${sonnenPharmacy}?tab=shop`)
  await waitForHydratedForm(page)
  await expect(page.getByLabel('Erlaubnis erteilt von (Behörde)')).toHaveValue(/Landesamt/)
  await expect(page.getByLabel('Datum der Versandhandelserlaubnis')).toBeVisible()
  await expect(page.getByLabel('Link zum Eintrag im Versandhandelsregister')).toHaveValue(
    /^https:\/\//,
  )
  await expect(page.getByRole('img', { name: 'EU-Sicherheitslogo' })).toBeVisible()
})
