import { z } from 'zod'

/** Request and response shapes of the contact form API; the OpenAPI document is built from them. */

/** A trimmed text field: a missing or blank value asks for it, then the length bounds apply. */
function text(bounds: { min: number; max: number }, messages: { missing: string; label: string }) {
  return z
    .string({ error: messages.missing })
    .trim()
    .min(1, messages.missing)
    .min(bounds.min, `${messages.label} muss mindestens ${bounds.min} Zeichen lang sein.`)
    .max(bounds.max, `${messages.label} darf höchstens ${bounds.max} Zeichen lang sein.`)
}

export const contactRequestSchema = z
  .object({
    name: text({ min: 2, max: 100 }, { missing: 'Bitte gib deinen Namen ein.', label: 'Der Name' }),
    email: z
      .string({ error: 'Bitte gib eine gültige E-Mail-Adresse ein.' })
      .trim()
      .max(254, 'Die E-Mail-Adresse ist zu lang.')
      .check(z.email({ error: 'Bitte gib eine gültige E-Mail-Adresse ein.' })),
    subject: text(
      { min: 3, max: 150 },
      { missing: 'Bitte gib einen Betreff ein.', label: 'Der Betreff' },
    ),
    message: text(
      { min: 10, max: 5000 },
      { missing: 'Bitte gib eine Nachricht ein.', label: 'Die Nachricht' },
    ),
  })
  .meta({ id: 'ContactRequest' })
export type ContactRequest = z.infer<typeof contactRequestSchema>

export const contactResponseSchema = z
  .object({ status: z.literal('success') })
  .meta({ id: 'ContactResponse' })
