import { watchPageErrors } from './support/page'
import { openShopAsPatient } from './support/session'
import { expect, type Locator, test } from './support/test'

/**
 * ADR 056 on screen: a patient's cart and checkout show gross lines that add up to the goods
 * total, to the cent, whatever the quantity — the report was a line of 105,90 € under a goods
 * total of 105,91 €.
 */

const nordstern = '00000000-0000-4000-8000-000000003001'

/** "1.234,50 €" in an element's text → 123450. */
async function centsIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? ''
  const match = /(-?\d{1,3}(?:\.\d{3})*,\d\d)\s*€/.exec(text)
  if (!match) throw new Error(`no amount in "${text}"`)
  return Number((match[1] as string).replace(/\./g, '').replace(',', ''))
}

test.describe.configure({ timeout: 90_000 })

test('the cart and the checkout add up the lines a patient sees to the total', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page)
  const shop = await openShopAsPatient(page, baseURL)
  await page.goto(`${shop}/blueten/${nordstern}`)
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  await expect(page.getByText(/liegt im Warenkorb\./)).toBeVisible()

  await page.goto(`${shop}/warenkorb`)
  const lines = page.getByRole('region', { name: 'Produkte im Warenkorb' }).getByRole('listitem')
  const line = lines.filter({ hasText: 'Nordstern' })
  const quantity = line.locator('output')
  // Several steps, so the quantity multiplies a gross unit price with odd cents.
  for (let step = 0; step < 6; step++) {
    const before = await quantity.textContent()
    await line.getByRole('button', { name: 'Menge erhöhen' }).click()
    await expect(quantity).not.toHaveText(before ?? '')
  }
  const amounts = page
    .getByRole('region', { name: 'Produkte im Warenkorb' })
    .locator('li p.font-semibold')
  const cartLines = await Promise.all((await amounts.all()).map(centsIn))
  const cartTotal = await centsIn(page.locator('dl div').filter({ hasText: /^Summe/ }))
  expect(cartLines.reduce((sum, cents) => sum + cents, 0)).toBe(cartTotal)

  await page.goto(`${shop}/checkout`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible()
  const review = page.locator('#checkout-review').locator('..').getByRole('listitem')
  const checkoutLines = await Promise.all(
    (await review.all()).map((item) => centsIn(item.locator('span.whitespace-nowrap'))),
  )
  const summary = page.getByRole('complementary')
  const goods = await centsIn(summary.locator('dt:text-is("Waren") + dd'))
  expect(checkoutLines).toEqual(cartLines)
  expect(checkoutLines.reduce((sum, cents) => sum + cents, 0)).toBe(goods)
  expect(goods).toBe(cartTotal)
  expect(errors).toEqual([])
})
