import { z } from 'zod'
import { text } from './text-schema'

/** Request and response shapes of the own-account API; the OpenAPI document is built from them. */

export const newPasswordMinLength = 12
export const newPasswordMaxLength = 200

export const changePasswordRequestSchema = z
  .object({
    currentPassword: text({
      required: 'Bitte gib dein aktuelles Passwort ein.',
      max: 1024,
      tooLong: 'Das Passwort ist zu lang.',
    }),
    newPassword: text({
      required: 'Bitte gib ein neues Passwort ein.',
      min: newPasswordMinLength,
      tooShort: `Das neue Passwort muss mindestens ${newPasswordMinLength} Zeichen lang sein.`,
      max: newPasswordMaxLength,
      tooLong: `Das neue Passwort darf höchstens ${newPasswordMaxLength} Zeichen lang sein.`,
    }),
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ['newPassword'],
    error: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  })
  .meta({ id: 'ChangePasswordRequest' })
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>

export const changePasswordResponseSchema = z
  .object({ status: z.literal('success') })
  .meta({ id: 'ChangePasswordResponse' })
