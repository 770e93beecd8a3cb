import { expectNoSeriousViolations } from './support/axe'
import { waitForMail } from './support/mail'
import { tabTo, watchPageErrors } from './support/page'
import { openBackOffice } from './support/session'
import { expect, test } from './support/test'

test.describe.configure({ timeout: 90_000 })

/** The demo's failed registration mail (seed-support.server.ts). */
const failedRecipient = 'lena.hartmann@gmial.con'
const failedSubject = 'Bitte bestätigen Sie Ihre Registrierung – Sonnen-Apotheke'

test('the admin resends a failed mail and marks a contact message handled, by keyboard alone', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  await openBackOffice(page, 'admin', 'admin-demo-2026')
  await page.goto('/admin')
  const sections = page.getByRole('navigation', { name: 'Bereiche der Administration' })

  // Postausgang: the failed mail is there; the search narrows the list to it.
  await tabTo(page, sections.getByRole('link', { name: 'Postausgang' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/outbox$/)
  const outbox = page.getByRole('table', { name: 'Postausgang' })
  await expect(outbox).toContainText(failedRecipient)
  await expectNoSeriousViolations(page)
  await tabTo(page, page.getByLabel('Empfänger oder Betreff suchen'))
  await page.keyboard.type('gmial.con')
  await expect(page).toHaveURL(/q=gmial\.con/)
  await expect(outbox.getByRole('row')).toHaveCount(2)
  const row = outbox.getByRole('row').filter({ hasText: failedRecipient })
  await expect(row).toContainText('Fehlgeschlagen')

  // Its detail: the text with the link's token masked, and the delivery error.
  await tabTo(page, row.getByRole('link', { name: failedSubject }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/mail=/)
  const detail = page.getByRole('dialog', { name: failedSubject })
  await expect(detail).toContainText('Recipient address rejected')
  await expect(detail).toContainText('/confirmation/[verborgen]')
  await expectNoSeriousViolations(page)

  // "Erneut senden", confirmed: the mail goes out again and the detail follows it.
  await tabTo(page, detail.getByRole('button', { name: `Erneut senden: ${failedSubject}` }))
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Mail erneut senden?' })
  await expect(confirm).toBeVisible()
  await tabTo(page, confirm.getByRole('button', { name: 'Erneut senden' }))
  await page.keyboard.press('Enter')
  await expect(confirm).toBeHidden()
  await expect(page.getByText(`Die Mail an ${failedRecipient} wird erneut gesendet.`)).toBeVisible()
  await expect(detail).toContainText(/Wartet auf Versand|Versandt/)
  await expect(detail).toContainText('Versandt', { timeout: 20_000 })
  // The recipient gets the whole link, token and all.
  const mail = await waitForMail((candidate) => candidate.to.includes(failedRecipient))
  expect(mail.text).toMatch(/\/confirmation\/[A-Za-z0-9_-]{43}/)
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()
  await expect(page).not.toHaveURL(/mail=/)
  await expect(row).toContainText('Versandt')
  await expect(row.getByRole('button', { name: /Erneut senden/ })).toHaveCount(0)

  // Kontaktanfragen: an open message of Sonnen-Apotheke, read and marked handled.
  await tabTo(page, sections.getByRole('link', { name: 'Kontaktanfragen' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/contact-messages$/)
  const messages = page.getByRole('table', { name: 'Kontaktanfragen' })
  const potsdam = messages.getByRole('row').filter({ hasText: 'Lieferung nach Potsdam' })
  await expect(potsdam).toContainText('Offen')
  await expect(potsdam).toContainText('Sonnen-Apotheke')
  await expectNoSeriousViolations(page)

  await tabTo(page, potsdam.getByRole('link', { name: 'Lieferung nach Potsdam' }))
  await page.keyboard.press('Enter')
  const message = page.getByRole('dialog', { name: 'Lieferung nach Potsdam' })
  await expect(message).toContainText('Ich habe ein Rezept über 20 g Blüten')
  await expect(message).toContainText('tom.berger@example.net')
  await expectNoSeriousViolations(page)
  await page.keyboard.press('Escape')
  await expect(message).toBeHidden()

  const markHandled = potsdam.getByRole('button', {
    name: 'Als erledigt markieren: Lieferung nach Potsdam',
  })
  await tabTo(page, markHandled)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Die Anfrage „Lieferung nach Potsdam“ ist erledigt.')).toBeVisible()
  await expect(potsdam).toContainText('Erledigt')
  // The keyboard stays where it was: the same button now opens the message again.
  await expect(
    potsdam.getByRole('button', { name: 'Wieder öffnen: Lieferung nach Potsdam' }),
  ).toBeFocused()

  // Filtered by shop and status, it is among Sonnen-Apotheke's handled messages.
  await page.goto(
    '/admin/contact-messages?status=handled&tenant=00000000-0000-4000-8000-000000000101',
  )
  await expect(messages).toContainText('Lieferung nach Potsdam')
  await expect(messages).not.toContainText('Rezept per Post schicken?')
  await expectNoSeriousViolations(page)
  expect(errors).toEqual([])
})
