import { z } from 'zod'
import { b2bLoginRequestSchema, b2cLoginRequestSchema } from './auth-api'

/** What the login page submits: the REST login bodies, tagged with the account type. */
export const loginInputSchema = z.discriminatedUnion('accountType', [
  b2bLoginRequestSchema.extend({ accountType: z.literal('b2b') }),
  b2cLoginRequestSchema.extend({ accountType: z.literal('b2c') }),
])
export type LoginInput = z.infer<typeof loginInputSchema>

/** A refused login as the page shows it: the server's status and German message. */
export interface LoginFailure {
  ok: false
  status: number
  message: string
  errors?: Record<string, string>
}
