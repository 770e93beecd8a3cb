import { test as base, type Page } from '@playwright/test'

export * from '@playwright/test'

/**
 * True once Start has hydrated the page: its bootstrap global `$_TSR` deletes itself when the
 * router has hydrated and the stream has ended. Pages Start did not render (the API docs, a PDF)
 * never have it. Runs in the browser.
 */
const startHydrated = () => !('$_TSR' in window)

/**
 * `page.goto` and `page.reload` without a `waitUntil` also wait until the app has hydrated: a
 * person's next step comes once the page is usable, and the pages' scripts run after their first
 * paint (ADR 083), so the `load` event alone comes before the links and forms work. A test that
 * wants the page before its scripts passes `waitUntil` (then the call is Playwright's own). One
 * patch of the prototype covers every page of the worker, those of `browser.newContext()` included.
 */
function navigationWaitsForHydration(page: Page) {
  const prototype = Object.getPrototypeOf(page) as Page
  if (Object.hasOwn(prototype.goto, 'waitsForHydration')) return
  const { goto, reload } = prototype
  const hydratedUnlessRaw = async <T>(
    page: Page,
    options: { waitUntil?: unknown } | undefined,
    navigation: Promise<T>,
  ) => {
    const response = await navigation
    if (options?.waitUntil === undefined) await page.waitForFunction(startHydrated)
    return response
  }
  const patchedGoto: Page['goto'] = function (this: Page, url, options) {
    return hydratedUnlessRaw(this, options, goto.call(this, url, options))
  }
  const patchedReload: Page['reload'] = function (this: Page, options) {
    return hydratedUnlessRaw(this, options, reload.call(this, options))
  }
  prototype.goto = Object.assign(patchedGoto, { waitsForHydration: true })
  prototype.reload = patchedReload
}

export const test = base.extend<object, { hydratedNavigation: undefined }>({
  hydratedNavigation: [
    async ({ browser }, use) => {
      const page = await browser.newPage()
      navigationWaitsForHydration(page)
      await page.close()
      await use(undefined)
    },
    { scope: 'worker', auto: true },
  ],
})
