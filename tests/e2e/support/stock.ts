import { expect, type Page } from '@playwright/test'

/**
 * The sales units `/products` shows as available for the product with this PZN: grams for a
 * product sold loose, packs otherwise (the number before "g" or "Packung(en)").
 */
export async function availableOnProductList(page: Page, pzn: string): Promise<number> {
  await page.goto(`/products?q=${pzn}`)
  const table = page.getByRole('table', { name: 'Produkte', exact: true })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  const headers = await table.locator('thead th').allInnerTexts()
  const column = headers.findIndex((header) => header.trim() === 'Verfügbar')
  const text = await table.locator('tbody tr td').nth(column).innerText()
  const amount = /^([\d.]+)\s(?:g|Packung)/.exec(text.trim())
  if (!amount?.[1]) throw new Error(`no available amount in "${text}"`)
  return Number(amount[1].replace(/\./g, ''))
}

/** The row of `/inventory`'s table that holds `text` (a product name, PZN or batch number). */
export const stockRow = (page: Page, text: string) =>
  page
    .getByRole('table', { name: 'Bestand je Produkt', exact: true })
    .locator('tbody tr')
    .filter({ hasText: text })
