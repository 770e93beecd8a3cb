import { z } from 'zod'
import { emailAddress, text } from './text-schema'

/** Request and response shapes of the contact form API; the OpenAPI document is built from them. */

/** A field people type: a missing or blank value asks for it, then the length bounds apply. */
function typedText(
  bounds: { min: number; max: number; multiline?: boolean },
  messages: { missing: string; label: string },
) {
  return text({
    trim: true,
    multiline: bounds.multiline,
    required: messages.missing,
    min: bounds.min,
    tooShort: `${messages.label} muss mindestens ${bounds.min} Zeichen lang sein.`,
    max: bounds.max,
    tooLong: `${messages.label} darf höchstens ${bounds.max} Zeichen lang sein.`,
  })
}

export const contactRequestSchema = z
  .object({
    name: typedText(
      { min: 2, max: 100 },
      { missing: 'Bitte geben Sie Ihren Namen ein.', label: 'Der Name' },
    ),
    email: emailAddress({
      invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      tooLong: 'Die E-Mail-Adresse ist zu lang.',
    }),
    subject: typedText(
      { min: 3, max: 150 },
      { missing: 'Bitte geben Sie einen Betreff ein.', label: 'Der Betreff' },
    ),
    message: typedText(
      { min: 10, max: 5000, multiline: true },
      { missing: 'Bitte geben Sie eine Nachricht ein.', label: 'Die Nachricht' },
    ),
  })
  .meta({ id: 'ContactRequest' })
export type ContactRequest = z.infer<typeof contactRequestSchema>

export const contactResponseSchema = z
  .object({ status: z.literal('success') })
  .meta({ id: 'ContactResponse' })
