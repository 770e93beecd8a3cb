import { expect, type Page } from '@playwright/test'

export const tenantOrigin = (baseURL: string | undefined, slug: string) => {
  const url = new URL(baseURL ?? 'http://localhost')
  return `${url.protocol}//${slug}.localhost:${url.port}`
}

/**
 * Waits until React has hydrated the page's form: text typed before that would be replaced by the
 * form's initial state (a slow start, e.g. under load, makes the race real).
 */
export async function waitForHydratedForm(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('form')
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactFiber'))
  })
}

/** Like `waitForHydratedForm`, for a page without a form: waits for React on its main region. */
export async function waitForHydratedPage(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main')
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactFiber'))
  })
}

export async function logInBusiness(page: Page, username: string, password: string) {
  await waitForHydratedForm(page)
  await page.getByRole('tab', { name: 'Geschäftskonto' }).click()
  await page.getByLabel('Benutzername').fill(username)
  await page.getByLabel('Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

export async function logInShop(page: Page, email: string, password: string) {
  await waitForHydratedForm(page)
  await page.getByRole('tab', { name: 'Kundenkonto' }).click()
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByLabel('Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

/** Logs in as the demo patient on Sonnen-Apotheke's shop; answers the shop's origin. */
export async function openShopAsPatient(page: Page, baseURL: string | undefined) {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/login`)
  await logInShop(page, 'kunde@example.com', 'kunde-demo-2026')
  await expect(page).toHaveURL(`${shop}/shop`)
  return shop
}

/** Opens the login page and logs in as the demo business user; waits for the back-office. */
export async function openBackOffice(page: Page, username: string, password: string) {
  await page.goto('/login')
  await logInBusiness(page, username, password)
  await waitForDashboard(page)
}

/**
 * Waits for the dashboard a login opened, until it has hydrated: from the login (a public page)
 * the back office opens as a new page (ADR 085), and a click before hydration does nothing.
 */
export async function waitForDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/)
  await waitForHydratedPage(page)
}

/** The paths a navigation passed through, first to last (server redirects included). */
export function redirectChain(
  response: { request(): { redirectedFrom(): unknown; url(): string } } | null,
) {
  const paths: string[] = []
  let request = response?.request() as
    | { redirectedFrom(): unknown; url(): string }
    | null
    | undefined
  while (request) {
    paths.unshift(new URL(request.url()).pathname)
    request = request.redirectedFrom() as typeof request
  }
  return paths
}
