import { openBackOffice } from './support/session'
import { expect, test } from './support/test'

test('five tabs of one user reloaded all at once, three times, all stay logged in', async ({
  page,
  context,
}) => {
  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  const tabs = [page]
  for (let opened = 1; opened < 5; opened++) {
    const tab = await context.newPage()
    await tab.goto('/dashboard')
    tabs.push(tab)
  }
  for (let round = 0; round < 3; round++) {
    await Promise.all(tabs.map((tab) => tab.reload()))
    for (const tab of tabs) {
      await expect(tab).toHaveURL(/\/dashboard$/)
      await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
      await expect(tab.getByRole('button', { name: 'Dr. Clara Sonnberg' })).toBeVisible()
    }
  }
})
