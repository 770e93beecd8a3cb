import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { toastGone } from './page'

/**
 * Checks the settled page: a list still loading (`aria-busy`, dimmed while the router fetches)
 * or a fade still running (spinners go on for ever and are left alone) would be judged by its passing colours, not by what users read.
 */
export async function expectNoSeriousViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
}

/** Axe looks at the page once the toast has shown and faded (see `toastGone`). */
export async function expectAccessibleAfterToast(page: Page, toast: string | RegExp) {
  await toastGone(page, toast)
  await expectNoSeriousViolations(page)
}
