import { expect, type Locator, type Page } from '@playwright/test'

/** Collects uncaught errors of the page; a journey ends by expecting none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return errors
}

/** Marks the current document; after a full page load the new document no longer has the mark. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as { sameDocument?: boolean }).sameDocument = true
  })
}

/** Whether the page is still the document `markDocument` marked (it navigated within it). */
export function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true)
}

/**
 * The not-found page has hydrated and works, though its code loads after the entry
 * (lazy-error-pages.ts): its link to the start page opens `startUrl` within the document.
 */
export async function expectNotFoundPageWorks(page: Page, startUrl: string) {
  const notFound = page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })
  await expect(notFound).toBeVisible()
  await markDocument(page)
  await page.getByRole('link', { name: 'Zur Startseite' }).click()
  await expect(page).toHaveURL(startUrl)
  await expect(notFound).toHaveCount(0)
  expect(await isSameDocument(page), 'the page hydrated and navigated within itself').toBe(true)
}

/** Presses Tab until `target` has the focus; fails when it is not reached within `limit` steps. */
export async function tabTo(page: Page, target: Locator, limit = 120) {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`not reachable by keyboard: ${target}`)
}

/**
 * Waits for the toast to show, then closes it by its button, as a person does who wants it out of
 * the way instead of waiting seconds for it to fade: axe would judge its fading text by its
 * passing colours.
 */
export async function toastGone(page: Page, text: string | RegExp) {
  const toast = page
    .getByRole('region', { name: 'Meldungen (Alt+T)' })
    .getByRole('listitem')
    .filter({ hasText: text })
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Meldung schließen' }).click()
  await expect(toast).toBeHidden()
}
