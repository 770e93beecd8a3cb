import { type Browser, expect, type Page } from '@playwright/test'
import { toastGone } from './page'
import { openBackOffice, waitForHydratedForm, waitForHydratedPage } from './session'

const main = (page: Page) => page.getByRole('main')

/** On the form of a new filling: picks the first bulk batch of Lavendeltal. */
export async function chooseLavendeltalBulk(page: Page) {
  await waitForHydratedForm(page)
  const bulk = page.getByLabel('Charge (Großgebinde)')
  const lavendeltal = bulk.locator('option', { hasText: 'Lavendeltal' }).first()
  await bulk.selectOption((await lavendeltal.getAttribute('value')) as string)
}

/** Starts the filling on its form; answers its number and the URL of its protocol. */
export async function startFilling(page: Page) {
  await page.getByRole('button', { name: 'Abfüllung beginnen' }).click()
  await expect(page).toHaveURL(/\/organisations\/filling-protocol\/[0-9a-f-]{36}$/)
  const heading = page.getByRole('heading', { level: 1, name: /^Abfüllprotokoll AF-\d{4}-\d{5}$/ })
  await expect(heading).toBeVisible()
  const number = ((await heading.textContent()) ?? '').replace('Abfüllprotokoll ', '')
  await waitForHydratedForm(page)
  return { number, protocolUrl: page.url() }
}

/** After the hand-over: it waits for the check, which its own pharmacist may not do (four eyes). */
export async function expectAwaitingCheck(page: Page, number: string) {
  await expect(main(page).getByText('Wartet auf Prüfung', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Prüfen und bestätigen' })).toHaveCount(0)
  await toastGone(page, `Abfüllung ${number} ist zur Prüfung übergeben.`)
}

/**
 * A colleague opens the protocol in their own browser, logged in as a demo user (`apothekerin`:
 * Ayla Kern, the second pharmacist; `mitarbeiter`: the PTA). Answers their page.
 */
export async function openProtocolAs(
  browser: Browser,
  protocolUrl: string,
  username: 'apothekerin' | 'mitarbeiter',
  viewport?: { width: number; height: number },
) {
  const colleague = await (await browser.newContext({ viewport })).newPage()
  await openBackOffice(colleague, username, `${username}-demo-2026`)
  await colleague.goto(protocolUrl)
  await waitForHydratedPage(colleague)
  return colleague
}

/**
 * She checks and confirms the filling: `booked` (e.g. "20,100 g") leaves the bulk batch and the
 * units become a batch of their own.
 */
export async function confirmFilling(colleague: Page, number: string, booked: string) {
  await colleague.getByRole('button', { name: 'Prüfen und bestätigen' }).click()
  const dialog = colleague.getByRole('alertdialog')
  await expect(dialog).toContainText(`${booked} ausgebucht`)
  await dialog.getByRole('button', { name: 'Bestätigen und einbuchen' }).click()
  await expect(dialog).toBeHidden()
  await expect(main(colleague).getByText('Bestätigt', { exact: true })).toBeVisible()
  await expect(main(colleague)).toContainText('Ayla Kern')
  await toastGone(colleague, `Abfüllung bestätigt: Charge ${number} ist im Bestand.`)
}
