import { expect, type Page } from '@playwright/test'
import { toastGone } from './page'

export const nordhanf = 'Nordhanf Großhandel GmbH'

/** Chooses Nordhanf in the form, adding it as supplier from the form when it is not one yet. */
export async function chooseNordhanf(page: Page) {
  const supplier = page.getByLabel('Lieferant', { exact: true })
  const option = supplier.locator('option').filter({ hasText: nordhanf })
  if ((await option.count()) === 0) {
    await page.getByRole('button', { name: 'Neuer Lieferant' }).click()
    const dialog = page.getByRole('dialog', { name: 'Lieferant hinzufügen' })
    await dialog
      .getByLabel('Anbieter', { exact: true })
      .selectOption({ label: `${nordhanf} (Hamburg)` })
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click()
    await expect(dialog).toBeHidden()
    // The toast goes before axe looks at the page (its fading text fails the contrast).
    await toastGone(page, 'Der Lieferant wurde angelegt.')
  } else {
    await supplier.selectOption({ label: `${nordhanf} (Blattwerk)` })
  }
  await expect(supplier.locator('option:checked')).toHaveText(`${nordhanf} (Blattwerk)`)
}

/** Adds the product with this PZN by the form's product picker. */
export async function addProduct(page: Page, pzn: string) {
  const picker = page.getByRole('combobox', { name: 'Produkt hinzufügen' })
  await picker.fill(pzn)
  await page.getByRole('option').filter({ hasText: pzn }).click()
}
