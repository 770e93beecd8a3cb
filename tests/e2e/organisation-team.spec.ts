import sharp from 'sharp'
import { expectNoSeriousViolations } from './support/axe'
import { confirmationPath, waitForMail } from './support/mail'
import { tabTo } from './support/page'
import {
  logInBusiness,
  openBackOffice,
  tenantOrigin,
  waitForDashboard,
  waitForHydratedForm,
} from './support/session'
import { expect, type Page, test } from './support/test'

/** Sonnen-Apotheke (demo data). */
const pharmacy = '00000000-0000-4000-8000-000000000002'

test.describe.configure({ timeout: 90_000 })

test('the owner invites a colleague by keyboard, who joins by the mail, resets her password and is logged out once deactivated', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `pta.${Date.now()}@sonnen-apotheke.example`
  const username = `pta${Date.now()}`
  const password = 'ein-sicheres-passwort'
  const newPassword = 'ein-neues-sicheres-passwort'

  await openBackOffice(page, 'apotheke', 'apotheke-demo-2026')
  await page.goto(`/organisations/${pharmacy}?tab=team`)
  await expect(page.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true')
  const members = page.getByRole('table', { name: 'Mitglieder von Sonnen-Apotheke' })
  await expect(members).toContainText('Dr. Clara Sonnberg')
  await expect(
    page.getByRole('table', { name: 'Offene und abgelaufene Einladungen' }),
  ).toContainText('Abgelaufen')
  await expectNoSeriousViolations(page)

  // The invitation, by keyboard alone.
  await tabTo(page, page.getByRole('button', { name: 'Mitglied einladen' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Mitglied einladen' })
  await expect(dialog).toBeVisible()
  await expectNoSeriousViolations(page)
  await tabTo(page, dialog.getByLabel('E-Mail-Adresse'))
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Die Einladung an ${email} ist versandt.`)).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Offene und abgelaufene Einladungen' }),
  ).toContainText(email)

  // The colleague follows the link in the mail, in a browser of her own.
  const mail = await waitForMail(
    (candidate) =>
      candidate.to.includes(email) && candidate.subject.startsWith('Deine Einladung ins Team'),
  )
  expect(mail.from).toContain('Sonnen-Apotheke')
  const colleague = await browser.newContext({ baseURL })
  const invited = await colleague.newPage()
  await invited.goto(confirmationPath(mail, 'invitation'))
  await expect(
    invited.getByRole('heading', { level: 1, name: 'Einladung zu Sonnen-Apotheke' }),
  ).toBeVisible()
  await expect(invited.getByText(email)).toBeVisible()
  await expectNoSeriousViolations(invited)
  await waitForHydratedForm(invited)
  await invited.getByLabel('Vor- und Nachname').fill('Paula Team')
  await invited.getByLabel('Benutzername').fill('apotheke')
  await invited.getByLabel('Passwort', { exact: true }).fill(password)
  await invited.getByLabel('Passwort wiederholen').fill(password)
  await invited.getByRole('button', { name: 'Zugang anlegen' }).click()
  await expect(invited.getByText('Dieser Benutzername ist schon vergeben.')).toBeVisible()
  await invited.getByLabel('Benutzername').fill(username)
  await invited.getByRole('button', { name: 'Zugang anlegen' }).click()
  await expect(invited.getByRole('heading', { name: 'Dein Zugang ist angelegt' })).toBeVisible()
  await invited.getByRole('link', { name: 'Zur Anmeldung' }).click()
  await expect(invited).toHaveURL(/\/login$/)
  await logInBusiness(invited, username, password)
  await expect(invited).toHaveURL(/\/dashboard$/)

  // The link works once.
  await invited.goto(confirmationPath(mail, 'invitation'))
  await expect(invited.getByRole('alert')).toContainText('bereits angenommen')

  // She forgets her password and sets a new one by the mail; her session ends with it.
  await invited.context().clearCookies()
  await invited.goto('/login/forgot-password')
  await waitForHydratedForm(invited)
  await invited.getByLabel('Benutzername oder E-Mail-Adresse').fill(username.toUpperCase())
  await invited.getByRole('button', { name: 'Link für das Geschäftskonto anfordern' }).click()
  await expect(
    invited.getByRole('status').filter({ hasText: 'Wenn es zu diesem Benutzernamen' }),
  ).toBeVisible()
  const reset = await waitForMail(
    (candidate) =>
      candidate.to.includes(email) && candidate.subject.startsWith('Passwort zurücksetzen'),
  )
  await invited.goto(confirmationPath(reset))
  await expect(
    invited.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }),
  ).toBeVisible()
  await expectNoSeriousViolations(invited)
  await waitForHydratedForm(invited)
  await invited.getByLabel('Neues Passwort', { exact: true }).fill(newPassword)
  await invited.getByLabel('Neues Passwort wiederholen').fill(newPassword)
  await invited.getByRole('button', { name: 'Passwort speichern' }).click()
  await expect(
    invited.getByRole('status').filter({ hasText: 'Ihr Passwort ist geändert' }),
  ).toBeVisible()
  await invited.getByRole('link', { name: 'Zur Anmeldung' }).click()
  await logInBusiness(invited, username, newPassword)
  await expect(invited).toHaveURL(/\/dashboard$/)
  await expect(invited.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // The owner sees the new member and deactivates her by keyboard.
  await page.reload()
  const paula = members.getByRole('row').filter({ hasText: 'Paula Team' })
  await expect(paula).toContainText('Mitarbeiter')
  await expect(paula).toContainText('Sonstige')
  await expect(members.getByRole('row').filter({ hasText: 'Tobias Licht' })).toContainText('PTA')
  // The owner records her qualification: PTA, who prepares but releases nothing (ApBetrO § 7).
  await paula.getByRole('button', { name: 'Qualifikation von Paula Team ändern' }).click()
  const qualification = page.getByRole('dialog', { name: 'Qualifikation von Paula Team' })
  await qualification.getByLabel('Qualifikation').selectOption({ label: 'PTA' })
  await qualification.getByRole('button', { name: 'Speichern' }).click()
  await expect(qualification).toBeHidden()
  await expect(paula).toContainText('PTA')
  await deactivateMember(page, 'Paula Team')

  // Her next click finds her logged out.
  await invited.getByRole('navigation').getByRole('link', { name: 'Kunden' }).click()
  await expect(invited).toHaveURL(/\/login/)
  await colleague.close()
})

test('an unknown invitation link says so', async ({ page }) => {
  await page.goto(`/invitation/${'x'.repeat(43)}`)
  await expect(page.getByRole('alert')).toContainText('Diesen Einladungslink kennen wir nicht')
})

test('the platform admin reactivates and deactivates a user and opens an organisation’s team', async ({
  page,
}) => {
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin/users?q=lager')
  const users = page.getByRole('table', { name: 'Benutzer' })
  const row = users.getByRole('row').filter({ hasText: 'Lars Ebbe' })
  await expect(row).toContainText('Deaktiviert')
  await expectNoSeriousViolations(page)

  await row.getByRole('button', { name: 'Aktivieren: Lars Ebbe' }).click()
  await page
    .getByRole('alertdialog', { name: 'Lars Ebbe wieder aktivieren?' })
    .getByRole('button', { name: 'Aktivieren' })
    .click()
  await expect(row).toContainText('Aktiv')
  await row.getByRole('button', { name: 'Deaktivieren: Lars Ebbe' }).click()
  await page
    .getByRole('alertdialog', { name: 'Lars Ebbe deaktivieren?' })
    .getByRole('button', { name: 'Deaktivieren' })
    .click()
  await expect(row).toContainText('Deaktiviert')

  await page.goto('/admin')
  await page
    .getByRole('table', { name: 'Organisationen' })
    .getByRole('link', { name: 'Nordhanf Großhandel GmbH', exact: true })
    .click()
  await expect(page).toHaveURL(/\/organisations\/.+\?tab=team$/)
  await expect(page.getByRole('table', { name: /^Mitglieder von Nordhanf/ })).toContainText(
    'Lars Ebbe',
  )
})

test('the platform admin creates a pharmacy and invites its owner, who sets up the shop, invites a colleague and deactivates her', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now()
  const owner = `inhaber.${stamp}@linden-apotheke.example`
  const slug = `linden-${stamp}`
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin')
  await waitForHydratedForm(page)
  await page.getByRole('button', { name: 'Neue Organisation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Neue Organisation' })
  await expect(dialog).toBeVisible()
  await expectNoSeriousViolations(page)
  await dialog.getByLabel('Name').fill(`Linden-Apotheke ${stamp}`)
  await dialog.getByLabel('Straße und Hausnummer').fill('Unter den Linden 10')
  await dialog.getByLabel('PLZ').fill('10117')
  await dialog.getByLabel('Ort').fill('Berlin')
  await dialog.getByLabel('Shop-Adresse (optional)').fill('admin')
  await dialog.getByLabel('E-Mail der Inhaberin / des Inhabers (optional)').fill(owner)
  await dialog.getByRole('button', { name: 'Anlegen' }).click()
  await expect(dialog.getByText('Diese Shop-Adresse ist der Plattform vorbehalten.')).toBeVisible()
  await dialog.getByLabel('Shop-Adresse (optional)').fill(slug)
  await dialog.getByRole('button', { name: 'Anlegen' }).click()
  await expect(page).toHaveURL(/\/organisations\/.+\?tab=team$/)
  const organisationId = new URL(page.url()).pathname.split('/').pop() as string
  await expect(
    page.getByRole('table', { name: 'Offene und abgelaufene Einladungen' }),
  ).toContainText(owner)

  // The owner joins by the mail, in a browser of her own.
  const mail = await waitForMail((candidate) => candidate.to.includes(owner))
  const ownerContext = await browser.newContext({ baseURL })
  const ownerPage = await ownerContext.newPage()
  await joinByInvitation(ownerPage, mail, {
    name: 'Lina Linde',
    username: `linde${stamp}`,
    greeting: `Linden-Apotheke ${stamp} lädt dich als Inhaber ein`,
  })

  // Before the first save the shop's address shows no shop.
  const shopPage = await ownerContext.newPage()
  await shopPage.goto(`${tenantOrigin(baseURL, slug)}/shop`)
  await expect(shopPage).toHaveURL(`${tenantOrigin(baseURL, slug)}/`)

  // The shop's contact is the organisation's record (one source for shop, mails and documents):
  // she gives its mail address with the letterhead, which names the tax number too.
  await ownerPage.goto(`/organisations/${organisationId}`)
  await waitForHydratedForm(ownerPage)
  await ownerPage.getByLabel('E-Mail-Adresse').fill(`service@${slug}.example`)
  await ownerPage.getByLabel('Steuernummer').fill('27/123/45678')
  await ownerPage.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(
    ownerPage.getByText('Briefkopf und Rechnungsangaben wurden gespeichert.'),
  ).toBeVisible()

  // She sets up the shop: an unreadable colour is refused, a readable one and a logo are taken.
  await ownerPage.goto(`/organisations/${organisationId}?tab=shop`)
  await expect(ownerPage.getByRole('tab', { name: 'Shop' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(ownerPage.getByText('Noch nicht online.')).toBeVisible()
  await waitForHydratedForm(ownerPage)
  await expectNoSeriousViolations(ownerPage)
  await expect(ownerPage.getByText(`E-Mail: service@${slug}.example`)).toBeVisible()
  await ownerPage
    .getByRole('textbox', { name: 'Impressum' })
    .fill(
      'Verantwortliche Apothekerin: Lina Linde\nZuständige Kammer: Apothekerkammer Berlin\nAufsicht: Landesamt für Gesundheit und Soziales Berlin',
    )
  await ownerPage
    .getByRole('textbox', { name: 'Datenschutzerklärung' })
    .fill('## Verantwortlich\n\nLinden-Apotheke')
  const primary = ownerPage.getByLabel('Hauptfarbe', { exact: true })
  await primary.fill('#ffdd00')
  await expect(ownerPage.getByText(/Schrift auf der Hauptfarbe: .*zu wenig/)).toBeVisible()
  await ownerPage.getByRole('button', { name: 'Speichern und Shop veröffentlichen' }).click()
  await expect(primary).toHaveAttribute('aria-invalid', 'true')
  await expect(ownerPage.getByText(/Hauptfarbe hebt sich zu wenig/)).toBeVisible()
  await primary.fill('#7a1f5c')
  await expect(ownerPage.getByText(/Schrift auf der Hauptfarbe: .*ausreichend/)).toBeVisible()
  const logo = await sharp({
    create: { width: 240, height: 80, channels: 3, background: { r: 122, g: 31, b: 92 } },
  })
    .png()
    .toBuffer()
  await ownerPage
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await expect(ownerPage.getByRole('img', { name: 'Logo des Shops' })).toBeVisible()
  await ownerPage.getByRole('tab', { name: 'Vorschau' }).nth(1).click()
  await expect(ownerPage.getByRole('heading', { level: 3, name: 'Verantwortlich' })).toBeVisible()
  await expectNoSeriousViolations(ownerPage)
  await ownerPage.getByRole('button', { name: 'Speichern und Shop veröffentlichen' }).click()
  await expect(ownerPage.getByText('Ihr Shop ist jetzt online.')).toBeVisible()

  // The shop on its own address shows the colour and the logo at once.
  await shopPage.goto(`${tenantOrigin(baseURL, slug)}/shop`)
  const header = shopPage.getByRole('banner')
  await expect(header).toHaveCSS('background-color', 'rgb(122, 31, 92)')
  await expect(header.locator('img')).toHaveAttribute('src', /^\/api\/files\//)
  await shopPage.goto(`${tenantOrigin(baseURL, slug)}/legal-notice`)
  // The Impressum names the operator from the organisation's record and keeps the owner's line
  // breaks.
  const imprint = shopPage.getByRole('article')
  await expect(imprint).toContainText('Unter den Linden 10')
  await expect(imprint).toContainText(`service@${slug}.example`)
  await expect(imprint.locator('p', { hasText: 'Zuständige Kammer' }).locator('br')).toHaveCount(2)

  // She invites a colleague, who joins; then she deactivates her.
  await ownerPage.goto(`/organisations/${organisationId}?tab=team`)
  const colleagueEmail = `pta.${stamp}@linden-apotheke.example`
  await ownerPage.getByRole('button', { name: 'Mitglied einladen' }).click()
  const invite = ownerPage.getByRole('dialog', { name: 'Mitglied einladen' })
  await invite.getByLabel('E-Mail-Adresse').fill(colleagueEmail)
  await invite.getByRole('button', { name: 'Einladung senden' }).click()
  await expect(invite).toBeHidden()
  const colleagueMail = await waitForMail((candidate) => candidate.to.includes(colleagueEmail))
  const colleagueContext = await browser.newContext({ baseURL })
  const colleague = await colleagueContext.newPage()
  await joinByInvitation(colleague, colleagueMail, {
    name: 'Pia Linde',
    username: `pia${stamp}`,
    greeting: `Linden-Apotheke ${stamp} lädt dich als Mitarbeiter ein`,
  })
  await ownerPage.reload()
  await deactivateMember(ownerPage, 'Pia Linde')
  await colleague.getByRole('navigation').getByRole('link', { name: 'Kunden' }).click()
  await expect(colleague).toHaveURL(/\/login/)
  await colleagueContext.close()
  await ownerContext.close()
})

/** Follows an invitation mail, creates the account and logs in with it. */
async function joinByInvitation(
  page: Page,
  mail: Awaited<ReturnType<typeof waitForMail>>,
  person: { name: string; username: string; greeting: string },
) {
  await page.goto(confirmationPath(mail, 'invitation'))
  await expect(page.getByText(person.greeting)).toBeVisible()
  await waitForHydratedForm(page)
  await page.getByLabel('Vor- und Nachname').fill(person.name)
  await page.getByLabel('Benutzername').fill(person.username)
  await page.getByLabel('Passwort', { exact: true }).fill('ein-sicheres-passwort')
  await page.getByLabel('Passwort wiederholen').fill('ein-sicheres-passwort')
  await page.getByRole('button', { name: 'Zugang anlegen' }).click()
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click()
  await logInBusiness(page, person.username, 'ein-sicheres-passwort')
  await waitForDashboard(page)
}

/** Deactivates a member from the team table, by keyboard. */
async function deactivateMember(page: Page, name: string) {
  const row = page.getByRole('row').filter({ hasText: name })
  await tabTo(page, row.getByRole('button', { name: `Aktionen für ${name}` }))
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Deaktivieren' }).focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: `${name} deaktivieren?` })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Deaktivieren' }).focus()
  await page.keyboard.press('Enter')
  await expect(row).toContainText('Deaktiviert')
}
