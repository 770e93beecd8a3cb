import { z } from 'zod'
import { b2bLoginRequestSchema, b2cLoginRequestSchema } from './auth-api'

/** What the login page submits: the REST login bodies, tagged with the account type. */
export const loginInputSchema = z.discriminatedUnion(
  'accountType',
  [
    b2bLoginRequestSchema.extend({ accountType: z.literal('b2b') }),
    b2cLoginRequestSchema.extend({ accountType: z.literal('b2c') }),
  ],
  { error: 'Anmeldung nur als Unternehmen (b2b) oder als Kunde (b2c).' },
)
export type LoginInput = z.infer<typeof loginInputSchema>
