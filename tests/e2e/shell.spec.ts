import { forbiddenMessage, shopForbiddenMessage } from '../../src/lib/access-rules'
import { expectNoSeriousViolations } from './support/axe'
import { expectNotFoundPageWorks, watchPageErrors } from './support/page'
import {
  openBackOffice,
  openShopAsPatient,
  redirectChain,
  tenantOrigin,
  waitForHydratedForm,
} from './support/session'
import { expect, type Page, test } from './support/test'

/**
 * Errors the page reports in the console, and uncaught ones. The browser's own note that the
 * document itself answered 403 or 404 is the status the test wants, not a fault of the page.
 */
function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const documentStatus =
      message.text().startsWith('Failed to load resource: the server responded with a status of') &&
      message.location().url === page.url()
    if (!documentStatus) errors.push(message.text())
  })
  return errors
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Bereiche', exact: true })

test.describe('403', () => {
  test('a denied back-office page keeps the sidebar and header, names itself and logs no error', async ({
    page,
  }) => {
    const consoleErrors = watchConsoleErrors(page)
    await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
    const response = await page.goto('/admin')
    expect(response?.status()).toBe(403)
    await expect(page).toHaveTitle('Zugriff verweigert – Blattwerk')
    await expect(page.getByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeVisible()
    await expect(page.getByText(forbiddenMessage)).toBeVisible()
    await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Dr. Clara Sonnberg' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    await expectNoSeriousViolations(page)

    // The way back works in the browser as well.
    await page.getByRole('link', { name: 'Zur Startseite' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    expect(consoleErrors).toEqual([])
  })

  test('a club denied customer orders in the browser stays in its back-office', async ({
    page,
  }) => {
    const consoleErrors = watchConsoleErrors(page)
    await openBackOffice(page, 'verein', 'verein-demo-2026')
    // The club's menu offers no link there; the router follows a history change inside the app.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/customer_orders')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByText(forbiddenMessage)).toBeVisible()
    await expect(navigation(page).getByRole('link', { name: 'Mitglieder' })).toBeVisible()
    await expect(page).toHaveTitle('Zugriff verweigert – Blattwerk')
    expect(consoleErrors).toEqual([])
  })

  test('a shop customer denied a page sees it in the shop frame, with the way back to the shop', async ({
    page,
    baseURL,
  }) => {
    const consoleErrors = watchConsoleErrors(page)
    const shop = await openShopAsPatient(page, baseURL)
    const response = await page.goto(`${shop}/admin`)
    expect(response?.status()).toBe(403)
    // The shop's voice: no "du", no organisation to turn to.
    await expect(page.getByText(shopForbiddenMessage)).toBeVisible()
    await expect(page.getByText(/Wende dich an/)).toHaveCount(0)
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Sonnen-Apotheke' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute(
      'href',
      '/shop',
    )
    expect(consoleErrors).toEqual([])
  })
})

test.describe('404', () => {
  test('on a shop host inside the shop frame', async ({ page, baseURL }) => {
    const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
    const response = await page.goto(`${shop}/gibt-es-nicht`)
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Page Not Found')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeVisible()
    await expect(page.getByText('Page Not Found: /gibt-es-nicht')).toBeVisible()
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Sonnen-Apotheke' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Sortiment' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute(
      'href',
      '/shop',
    )
    await expect(page.getByRole('button', { name: 'Zurück' })).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('hydrates with the error pages loaded after the entry; its link opens the shop in the page', async ({
    page,
    baseURL,
  }) => {
    const errors = watchPageErrors(page)
    const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
    await page.goto(`${shop}/gibt-es-nicht`)
    await expectNotFoundPageWorks(page, `${shop}/shop`)
    expect(errors).toEqual([])
  })

  test('on the main host inside the home frame', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Page Not Found')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeVisible()
    await expect(page.getByText('Page Not Found: /gibt-es-nicht')).toBeVisible()
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Blattwerk' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Kontakt' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/')
    await expectNoSeriousViolations(page)
  })

  test('on a club host inside the club frame', async ({ page, baseURL }) => {
    const response = await page.goto(`${tenantOrigin(baseURL, 'gruene-ecke')}/gibt-es-nicht`)
    expect(response?.status()).toBe(404)
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Grüne Ecke e.V.' }),
    ).toBeVisible()
    await expect(page.getByText('Page Not Found: /gibt-es-nicht')).toBeVisible()
  })
})

test('contact on a shop host names the shop and sends the message to its host', async ({
  page,
  baseURL,
}) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/contact`)
  await expect(page).toHaveTitle('Kontakt – Sonnen-Apotheke')
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Sonnen-Apotheke' }),
  ).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('Fragen an Sonnen-Apotheke?')).toBeVisible()
  await expect(main.getByText('Sonnenallee 12, 12045 Berlin')).toBeVisible()
  await expect(main.getByRole('link', { name: '+49 30 1234567' })).toBeVisible()
  await expect(page.getByText('Blattwerk')).toHaveCount(0)
  await expectNoSeriousViolations(page)

  await waitForHydratedForm(page)
  await page.getByLabel('Name', { exact: true }).fill('Paula Patientin')
  await page.getByLabel('E-Mail-Adresse').fill('paula@example.com')
  await page.getByLabel('Betreff').fill('Abholung')
  await page.getByLabel('Nachricht', { exact: true }).fill('Kann ich morgen abholen?')
  // The API stores a message for the tenant of the host it is sent to (contact-api.test.ts).
  const sent = page.waitForResponse(
    (response) =>
      response.url() === `${shop}/api/contact` && response.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  expect((await sent).status()).toBe(201)
  await expect(page.getByText('Danke für Ihre Nachricht!')).toBeVisible()
})

test('legal pages on a shop host show the shop header and navigation', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${tenantOrigin(baseURL, 'sonnen-apotheke')}/privacy-policy`)
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible()
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Sonnen-Apotheke' }),
  ).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Sortiment' }).getByRole('link', { name: 'Blüten' }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)

  // The imprint's head comes from the organisation record the documents print (ADR 057): the
  // same phone as the shop footer, the legal form, owner and register; then the owner's text.
  await page.goto(`${tenantOrigin(baseURL, 'sonnen-apotheke')}/legal-notice`)
  const imprint = page.getByRole('main')
  await expect(imprint.getByText('Sonnen-Apotheke e. K.')).toBeVisible()
  await expect(imprint).toContainText('Telefon: +49 30 1234567')
  await expect(imprint).toContainText('Inhaber(in): Dr. Clara Sonnberg')
  await expect(imprint).toContainText('Registergericht: Amtsgericht Charlottenburg, HRA 58213 B')
  await expect(imprint).toContainText('Zuständige Aufsichtsbehörde')
  await expect(page.getByRole('contentinfo')).toContainText('+49 30 1234567')
})

test.describe('a club host', () => {
  /** Words a club may not use towards the public: no catalogue, prescriptions or delivery. */
  const advertising = /rezept|produkt|liefer|versand|blüte|extrakt|sortiment|warenkorb|shop/i

  test('shows a neutral page with name, contact and member login', async ({ page, baseURL }) => {
    const club = tenantOrigin(baseURL, 'gruene-ecke')
    await page.goto(`${club}/`)
    await expect(page).toHaveTitle('Grüne Ecke e.V.')
    await expect(page.getByRole('heading', { level: 1, name: 'Grüne Ecke e.V.' })).toBeVisible()
    await expect(page.getByRole('main').getByText('Gartenstraße 7, 04109 Leipzig')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Zur Mitglieder-Anmeldung' })).toHaveAttribute(
      'href',
      '/login',
    )
    await expect(page.getByRole('link', { name: 'Nachricht schreiben' })).toHaveAttribute(
      'href',
      '/contact',
    )
    expect(await page.locator('body').innerText()).not.toMatch(advertising)
    await expectNoSeriousViolations(page)
  })

  test('never shows a catalogue, also not on the shop routes', async ({ page, baseURL }) => {
    const club = tenantOrigin(baseURL, 'gruene-ecke')
    for (const path of ['/shop', '/blueten', '/extrakte', '/rezeptkonfigurator', '/checkout']) {
      const response = await page.goto(`${club}${path}`)
      expect(redirectChain(response)).toEqual([path, '/'])
      await expect(page.getByRole('heading', { level: 1, name: 'Grüne Ecke e.V.' })).toBeVisible()
      expect(await page.locator('body').innerText()).not.toMatch(advertising)
    }
  })

  test('contact and login speak for the club', async ({ page, baseURL }) => {
    const club = tenantOrigin(baseURL, 'gruene-ecke')
    await page.goto(`${club}/contact`)
    await expect(page.getByRole('main').getByText('Fragen an Grüne Ecke e.V.?')).toBeVisible()
    await expect(page.getByRole('main').getByText('Gartenstraße 7, 04109 Leipzig')).toBeVisible()
    expect(await page.locator('body').innerText()).not.toMatch(advertising)

    await page.goto(`${club}/login`)
    await expect(page).toHaveTitle('Anmelden – Grüne Ecke e.V.')
    await expect(page.getByRole('link', { name: 'Grüne Ecke e.V.' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Mitgliedskonto' })).toBeVisible()
  })
})

test.describe('navigation by organisation category', () => {
  test('a club sees members and its filling protocol, no customer orders', async ({ page }) => {
    await openBackOffice(page, 'verein', 'verein-demo-2026')
    const nav = navigation(page)
    await expect(nav.getByRole('link', { name: 'Mitglieder' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Abfüllprotokoll' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Kunden' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Bestellungen' })).toHaveCount(0)
    await nav.getByRole('link', { name: 'Mitglieder' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Mitglieder' })).toBeVisible()
    await expect(page).toHaveTitle('Mitglieder – Blattwerk')
  })

  test('a pharmacy reaches customers, orders, hand-outs, filling protocol and archive from the menu', async ({
    page,
  }) => {
    await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
    const nav = navigation(page)
    for (const label of ['Kunden', 'Bestellungen', 'Archivierte Produkte']) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible()
    }
    // Its dispensing records (§ 22 ApBetrO), read-only: no form to record one by hand.
    await expect(nav.getByRole('link', { name: 'Neue Abgabe' })).toHaveCount(0)
    await nav.getByRole('link', { name: 'Abgaben', exact: true }).click()
    await expect(page).toHaveURL(/\/abgabe$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Abgaben' })).toBeVisible()

    await nav.getByRole('link', { name: 'Abfüllprotokoll' }).click()
    await expect(page).toHaveURL(/\/organisations\/filling-protocol$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Abfüllprotokolle' })).toBeVisible()

    const live = page.getByRole('link', { name: 'Live-Ansicht (öffnet in neuem Fenster)' })
    await expect(live).toHaveAttribute('target', '_blank')
    await expect(live).toHaveAttribute('rel', /noopener/)
    const [liveWindow] = await Promise.all([page.waitForEvent('popup'), live.click()])
    await expect(liveWindow).toHaveURL(/\/live$/)
    await expect(page).toHaveURL(/\/organisations\/filling-protocol$/)
  })

  test('the platform admin sees the console first, with the product database and the analysis', async ({
    page,
  }) => {
    await openBackOffice(page, 'admin', 'admin-demo-2026')
    const links = navigation(page).getByRole('link')
    await expect(links.first()).toHaveText('Administration')
    await expect(navigation(page).getByRole('link', { name: 'Produktdatenbank' })).toBeVisible()
    for (const business of ['Kunden', 'Produkte', 'Bestand', 'Einkauf']) {
      await expect(navigation(page).getByRole('link', { name: business, exact: true })).toHaveCount(
        0,
      )
    }
    await expect(page.getByRole('link', { name: /Live-Ansicht/ })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Zur Administration' })).toBeVisible()
    await navigation(page).getByRole('link', { name: 'Produktdatenbank' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Produktdatenbank' })).toBeVisible()
    // Below the database, only its own item is the current one, not the console's `/admin` too.
    const consoleLink = navigation(page).getByRole('link', { name: 'Administration', exact: true })
    const databaseLink = navigation(page).getByRole('link', { name: 'Produktdatenbank' })
    await page.goto('/admin/product-db/upload')
    await expect(databaseLink).toHaveAttribute('aria-current', 'page')
    await expect(consoleLink).not.toHaveAttribute('aria-current')
    await page.goto('/admin/users')
    await expect(consoleLink).toHaveAttribute('aria-current', 'page')
    await expect(databaseLink).not.toHaveAttribute('aria-current')
    await navigation(page).getByRole('link', { name: 'Analyse', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Analyse' })).toBeVisible()
  })
})

test('login on a shop host shows the shop and the ways to reset a forgotten password', async ({
  page,
  baseURL,
}) => {
  const shop = tenantOrigin(baseURL, 'sonnen-apotheke')
  await page.goto(`${shop}/login`)
  await expect(page).toHaveTitle('Anmelden – Sonnen-Apotheke')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Sonnen-Apotheke' })).toBeVisible()
  await expect(main.locator('img[src="/tenant-logos/sonnen-apotheke.svg"]')).toBeVisible()
  await expect(main.getByText('Blattwerk', { exact: true })).toHaveCount(0)
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
  await expect(page).toHaveURL(`${shop}/login/forgot-password`)
  await expect(page).toHaveTitle('Passwort vergessen – Sonnen-Apotheke')
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeVisible()
  // Shop customers (shop-accounts.spec.ts) and business users (organisation-team.spec.ts) reset
  // by mail.
  await expect(main.getByRole('button', { name: 'Link anfordern', exact: true })).toBeVisible()
  await expect(
    main.getByRole('button', { name: 'Link für das Geschäftskonto anfordern' }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click()
  await expect(page).toHaveURL(`${shop}/login`)
})

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the back-office header shows the whole organisation name', async ({ page }) => {
    await openBackOffice(page, 'grosshandel', 'grosshandel-demo-2026')
    const name = page.getByRole('banner').getByTitle('Nordhanf Großhandel GmbH')
    await expect(name).toHaveText('Nordhanf Großhandel GmbH')
    const clipped = await name.evaluate((element) => element.scrollWidth > element.clientWidth)
    expect(clipped).toBe(false)
    await expectNoSeriousViolations(page)
  })

  test('the shop header is one row', async ({ page, baseURL }) => {
    await page.goto(`${tenantOrigin(baseURL, 'sonnen-apotheke')}/shop`)
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Sonnen-Apotheke' })).toBeVisible()
    const headerBox = await header.boundingBox()
    const controls = await header.getByRole('link').or(header.getByRole('button')).all()
    const boxes = (await Promise.all(controls.map((control) => control.boundingBox()))).filter(
      (box) => box !== null && box.width > 0,
    )
    const row = Math.max(...boxes.map((box) => box?.height ?? 0))
    // One row: the header is as tall as its tallest control plus its padding (12 px each side).
    expect(headerBox?.height).toBeLessThanOrEqual(row + 24 + 1)
    for (const box of boxes) expect(box?.y).toBeLessThan((headerBox?.y ?? 0) + row)
    await expectNoSeriousViolations(page)
  })
})
