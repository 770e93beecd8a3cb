import { expectNoSeriousViolations } from './support/axe'
import { watchPageErrors } from './support/page'
import { expect, test } from './support/test'

/**
 * A patient looks for a pharmacy near her on the main domain: by postcode, by town and by a
 * mistyped postcode, on a desktop and on a phone (ADR 078). Reads demo data only; a shop other
 * specs publish (organisation-team.spec.ts) may join the results, so their count is not checked.
 */

for (const width of [1366, 390]) {
  test(`the shop finder ranks the shops around a postcode or a town (${width} px)`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page)
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 })
    await page.goto('/')
    const search = page.getByLabel('Name, Stadt oder Postleitzahl')
    const results = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) })
    const shop = (name: string) =>
      results.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) })

    // Inside Sonnen-Apotheke's courier area: its courier first, and how far it is.
    await search.fill('12043')
    await search.press('Enter')
    // The URL reads as typed, without the router's JSON quotes (src/features/shell/search-params.ts).
    await expect(page).toHaveURL(/\/\?q=12043$/)
    await expect(
      page.getByText(/^\d+ Apotheken? für „12043“, nach Nähe zu 12043 Berlin$/),
    ).toBeVisible()
    await expect(results.getByRole('listitem').first()).toContainText('Sonnen-Apotheke')
    await expect(shop('Sonnen-Apotheke')).toContainText('Liefert mit Botendienst zu Ihnen')
    await expect(shop('Sonnen-Apotheke')).toContainText('unter 1 km')
    await expect(page.getByText('GeoNames')).toBeVisible()
    await expectNoSeriousViolations(page)

    // Outside every courier area: the counter, with the distance.
    await page.goto('/?q=10115')
    await expect(shop('Sonnen-Apotheke')).toContainText('Abholung in der Apotheke · ca. 6 km')

    // A town: Potsdam's courier before Berlin's counter.
    await page.goto('/?q=Potsdam')
    await expect(
      page.getByText(/^\d+ Apotheken für „Potsdam“, nach Nähe zu Potsdam$/),
    ).toBeVisible()
    await expect(results.getByRole('listitem').first()).toContainText('Apotheke am Markt')
    await expect(results.getByRole('listitem').first()).toContainText(
      'Liefert mit Botendienst zu Ihnen',
    )
    await expect(shop('Sonnen-Apotheke')).toContainText('Abholung in der Apotheke')

    // A postcode with a digit missing: said at the field, in German.
    await page.getByLabel('Name, Stadt oder Postleitzahl').fill('1234')
    await page.getByLabel('Name, Stadt oder Postleitzahl').press('Enter')
    await expect(
      page.getByText('Bitte geben Sie die Postleitzahl mit fünf Ziffern ein, z. B. 10115.'),
    ).toBeVisible()
    await expect(page.getByLabel('Name, Stadt oder Postleitzahl')).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(page.getByLabel('Name, Stadt oder Postleitzahl')).toHaveAccessibleDescription(
      'Bitte geben Sie die Postleitzahl mit fünf Ziffern ein, z. B. 10115.',
    )
    await expectNoSeriousViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
    expect(errors).toEqual([])
  })
}
