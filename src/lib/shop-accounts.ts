import { z } from 'zod'
import { newPasswordMaxLength, newPasswordMinLength } from './account-api'
import { birthDate, todayInGermany } from './customer-schemas'
import { ageOn } from './customers'
import { emailAddress, text } from './text-schema'

/** Only adults may hold a shop account (medical cannabis, § 6 HWG-free information to patients). */
export const minimumShopUserAge = 18

const email = emailAddress({
  invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  tooLong: 'Die E-Mail-Adresse ist zu lang.',
})

export const newShopPassword = text({
  required: 'Bitte wählen Sie ein Passwort.',
  min: newPasswordMinLength,
  tooShort: `Das Passwort muss mindestens ${newPasswordMinLength} Zeichen lang sein.`,
  max: newPasswordMaxLength,
  tooLong: `Das Passwort darf höchstens ${newPasswordMaxLength} Zeichen lang sein.`,
})

const name = text({
  trim: true,
  required: 'Bitte geben Sie Ihren Namen ein.',
  max: 200,
  tooLong: 'Der Name ist zu lang.',
})

const phone = text({ trim: true, max: 40, tooLong: 'Die Telefonnummer ist zu lang.' })
  .regex(/^[+\d][\d /()-]*$|^$/, 'Bitte geben Sie eine gültige Telefonnummer ein.')
  .transform((value) => value || null)

const currentPassword = text({
  required: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  max: 1024,
  tooLong: 'Das Passwort ist zu lang.',
})

export const registrationSchema = z.object({
  name,
  email,
  password: newShopPassword,
  birthDate: birthDate('Bitte geben Sie Ihr Geburtsdatum an (TT.MM.JJJJ).').refine(
    (value) => ageOn(value, todayInGermany()) >= minimumShopUserAge,
    `Ein Kundenkonto können Sie erst ab ${minimumShopUserAge} Jahren anlegen.`,
  ),
  phone,
  privacyConsent: z.literal(true, {
    error: 'Bitte stimmen Sie der Datenschutzerklärung zu, um ein Konto anzulegen.',
  }),
})
export type Registration = z.infer<typeof registrationSchema>
export type RegistrationInput = z.input<typeof registrationSchema>

export const emailRequestSchema = z.object({ email })

export const tokenSchema = text({ required: 'Der Link ist unvollständig.', max: 100 }).regex(
  /^[A-Za-z0-9_-]{43}$/,
  'Der Link ist unvollständig oder beschädigt.',
)

export const passwordResetSchema = z
  .object({ token: tokenSchema, password: newShopPassword, repeat: text() })
  .refine((input) => input.password === input.repeat, {
    path: ['repeat'],
    error: 'Die Passwörter stimmen nicht überein.',
  })

/** What a confirmation link is for; the page offers the matching step. */
export const accountTokenPurposes = [
  'confirm_registration',
  'reset_password',
  'confirm_email_change',
] as const
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number]

/** The same answer for every address, known or not (no enumeration). */
export const registrationAcceptedMessage =
  'Fast geschafft: Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre E-Mail-Adresse (der Link ist 48 Stunden gültig).'
export const resetRequestedMessage =
  'Wenn zu dieser E-Mail-Adresse ein Kundenkonto besteht, haben wir Ihnen einen Link zum Zurücksetzen geschickt. Er ist eine Stunde gültig.'
export const confirmationResentMessage =
  'Wenn zu dieser E-Mail-Adresse ein unbestätigtes Kundenkonto besteht, haben wir den Bestätigungslink erneut geschickt.'

/** "Persönliche Daten": what a shop customer changes directly. */
export const shopProfileSchema = z.object({ name, phone })

/** A new address takes effect once confirmed through the link sent to it. */
export const emailChangeSchema = z.object({ email, currentPassword })

export const shopPasswordChangeSchema = z
  .object({ currentPassword, password: newShopPassword, repeat: text() })
  .refine((input) => input.password === input.repeat, {
    path: ['repeat'],
    error: 'Die Passwörter stimmen nicht überein.',
  })
  .refine((input) => input.password !== input.currentPassword, {
    path: ['password'],
    error: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  })

/** The same answer whether the new address is free or taken (no enumeration). */
export const emailChangeRequestedMessage =
  'Wir haben Ihnen einen Link an die neue E-Mail-Adresse geschickt. Bitte bestätigen Sie die Änderung darin (der Link ist 48 Stunden gültig); bis dahin gilt Ihre bisherige Adresse.'
export const sameEmailMessage = 'Das ist bereits Ihre E-Mail-Adresse.'
export const emailTakenMessage =
  'Diese E-Mail-Adresse gehört inzwischen zu einem anderen Kundenkonto. Bitte wählen Sie eine andere.'
export const openOrdersBlockDeletionMessage = (numbers: readonly string[]) =>
  `Ihr Konto lässt sich erst löschen, wenn keine Bestellung mehr offen ist (offen: ${numbers.join(', ')}). Bitte warten Sie, bis sie abgeschlossen ist, oder stornieren Sie sie.`
