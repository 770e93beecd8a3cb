import { expect, type Page } from '@playwright/test'
import { confirmationPath, waitForMail } from './mail'
import { waitForHydratedForm } from './session'

/** A patient who registers in a shop; each spec (and each width of a journey) makes its own. */
export interface NewPatient {
  name: string
  email: string
  password: string
  birthDate: string
}

/** On the open registration form: fills it in, agrees to the privacy policy and sends it. */
export async function submitRegistration(page: Page, patient: NewPatient) {
  await page.getByLabel('Vor- und Nachname').fill(patient.name)
  await page.getByLabel('E-Mail-Adresse').fill(patient.email)
  await page.getByLabel('Passwort').fill(patient.password)
  await page.getByLabel('Geburtsdatum').fill(patient.birthDate)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Konto erstellen' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Wir haben Ihnen eine E-Mail geschickt' }),
  ).toBeVisible()
}

/** Opens the link of the registration mail to `email` on the shop's host; answers the mail. */
export async function openConfirmationMail(page: Page, shop: string, email: string) {
  const mail = await waitForMail(
    (received) =>
      received.to.includes(email) &&
      received.subject.startsWith('Bitte bestätigen Sie Ihre Registrierung'),
  )
  await page.goto(`${shop}${confirmationPath(mail)}`)
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' })).toBeVisible()
  await waitForHydratedForm(page)
  return mail
}

/**
 * Registers the patient in the shop and confirms by the mail in the same browser, which logs her
 * in (ADR 077): she lands on the shop's start page with an empty cart.
 */
export async function registerPatient(page: Page, shop: string, patient: NewPatient) {
  await page.goto(`${shop}/registrieren`)
  await waitForHydratedForm(page)
  await submitRegistration(page, patient)
  await openConfirmationMail(page, shop, patient.email)
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
  await expect(page).toHaveURL(`${shop}/shop`)
  await expect(page.getByRole('link', { name: 'Mein Konto' })).toBeVisible()
}

/** At the checkout of a patient without addresses: her first one, added in place and chosen. */
export async function addFirstAddress(
  page: Page,
  address: { name: string; street: string; postalCode: string; city: string },
) {
  await page.getByRole('button', { name: 'Neue Adresse' }).click()
  const dialog = page.getByRole('dialog', { name: 'Neue Adresse' })
  await dialog.getByLabel('Name').fill(address.name)
  await dialog.getByLabel('Straße und Hausnummer').fill(address.street)
  await dialog.getByLabel('PLZ').fill(address.postalCode)
  await dialog.getByLabel('Ort').fill(address.city)
  await dialog.getByRole('button', { name: 'Adresse speichern' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('radio', { name: new RegExp(address.street) })).toBeChecked()
}
