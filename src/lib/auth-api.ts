import { z } from 'zod'
import { tenantConfigSchema } from './tenant-config'

/** Request and response shapes of the auth, user and tenant API; the OpenAPI document is built from them. */

export const accountTypeSchema = z.enum(['b2b', 'b2c'])
export type AccountType = z.infer<typeof accountTypeSchema>

export const userRoleSchema = z.enum(['admin', 'owner', 'staff'])
export type UserRole = z.infer<typeof userRoleSchema>

export const organisationCategorySchema = z.enum([
  'platform',
  'pharmacy',
  'wholesaler',
  'producer',
  'club',
])
export type OrganisationCategory = z.infer<typeof organisationCategorySchema>

/** The role claim of a consumer's refresh token; any other role means a business account. */
export const shopUserRole = 'shop_user'

const password = z
  .string({ error: 'Bitte gib dein Passwort ein.' })
  .min(1, 'Bitte gib dein Passwort ein.')
  .max(1024, 'Das Passwort ist zu lang.')

export const b2bLoginRequestSchema = z
  .object({
    username: z
      .string({ error: 'Bitte gib deinen Benutzernamen ein.' })
      .trim()
      .min(1, 'Bitte gib deinen Benutzernamen ein.')
      .max(100, 'Der Benutzername ist zu lang.'),
    password,
  })
  .meta({ id: 'B2bLoginRequest' })

export const b2cLoginRequestSchema = z
  .object({
    email: z
      .email({ error: 'Bitte gib eine gültige E-Mail-Adresse ein.' })
      .max(254, 'Die E-Mail-Adresse ist zu lang.'),
    password,
  })
  .meta({ id: 'B2cLoginRequest' })

export const refreshRequestSchema = z
  .object({
    token: z
      .string({ error: 'Das Token fehlt.' })
      .min(1, 'Das Token fehlt.')
      .max(4096, 'Das Token ist ungültig.'),
  })
  .meta({ id: 'RefreshRequest' })

export const b2bUserSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    name: z.string(),
    role: userRoleSchema,
    organisation: z.object({
      id: z.uuid(),
      name: z.string(),
      category: organisationCategorySchema,
    }),
  })
  .meta({ id: 'B2bUser' })
export type B2bUser = z.infer<typeof b2bUserSchema>

export const b2cUserSchema = z
  .object({ id: z.uuid(), email: z.string(), name: z.string(), tenant: z.string() })
  .meta({ id: 'B2cUser' })
export type B2cUser = z.infer<typeof b2cUserSchema>

export const b2bLoginResponseSchema = z
  .object({ user: b2bUserSchema, accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'B2bLoginResponse' })

export const b2cLoginResponseSchema = z
  .object({ user: b2cUserSchema, accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'B2cLoginResponse' })

export const refreshResponseSchema = z
  .object({ token: z.string().describe('the new refresh token'), accessToken: z.string() })
  .meta({ id: 'RefreshResponse' })
export type RefreshResponse = z.infer<typeof refreshResponseSchema>

export const logoutResponseSchema = z
  .object({ status: z.literal('success') })
  .meta({ id: 'LogoutResponse' })

export const b2bMeResponseSchema = z.object({ data: b2bUserSchema }).meta({ id: 'B2bMeResponse' })
export const b2cMeResponseSchema = z.object({ data: b2cUserSchema }).meta({ id: 'B2cMeResponse' })

export const tenantResponseSchema = z
  .object({ slug: z.string(), config: tenantConfigSchema.nullable() })
  .meta({ id: 'TenantResponse' })
export type TenantResponse = z.infer<typeof tenantResponseSchema>

export const apiErrorSchema = z
  .object({
    status: z.number().int(),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ApiError' })
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
