import { z } from 'zod'
import {
  memberQualifications,
  type OrganisationCategory,
  organisationCategories,
  type UserRole,
  userRoles,
} from './organisation'
import { tenantConfigSchema } from './tenant-config'
import { emailAddress, text } from './text-schema'

/** Request and response shapes of the auth, user and tenant API; the OpenAPI document is built from them. */

export const accountTypeSchema = z.enum(['b2b', 'b2c'])
export type AccountType = z.infer<typeof accountTypeSchema>

export const userRoleSchema = z.enum(userRoles)
export type { OrganisationCategory, UserRole }

export const organisationCategorySchema = z.enum(organisationCategories)

/** The role claim of a consumer's refresh token; any other role means a business account. */
export const shopUserRole = 'shop_user'

/** The password field; its message in the side's voice (docs/style.md): the shop says "Sie". */
const passwordOf = (required: string) =>
  text({ required, max: 1024, tooLong: 'Das Passwort ist zu lang.' })

export const b2bLoginRequestSchema = z
  .object({
    username: text({
      trim: true,
      required: 'Bitte gib deinen Benutzernamen ein.',
      max: 100,
      tooLong: 'Der Benutzername ist zu lang.',
    }),
    password: passwordOf('Bitte gib dein Passwort ein.'),
  })
  .meta({ id: 'B2bLoginRequest' })

export const b2cLoginRequestSchema = z
  .object({
    email: emailAddress({
      invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      tooLong: 'Die E-Mail-Adresse ist zu lang.',
    }),
    password: passwordOf('Bitte geben Sie Ihr Passwort ein.'),
  })
  .meta({ id: 'B2cLoginRequest' })

export const refreshRequestSchema = z
  .object({
    token: text({ required: 'Das Token fehlt.', max: 4096, tooLong: 'Das Token ist ungültig.' }),
  })
  .meta({ id: 'RefreshRequest' })

export const b2bUserSchema = z
  .object({
    id: z.uuid(),
    username: text(),
    email: text(),
    name: text(),
    role: userRoleSchema,
    /** Decides the pharmacist-only steps of a pharmacy (ApBetrO §§ 7, 8). */
    qualification: z.enum(memberQualifications),
    organisation: z.object({
      id: z.uuid(),
      name: text(),
      category: organisationCategorySchema,
    }),
  })
  .meta({ id: 'B2bUser' })
export type B2bUser = z.infer<typeof b2bUserSchema>

export const b2cUserSchema = z
  .object({ id: z.uuid(), email: text(), name: text(), tenant: text() })
  .meta({ id: 'B2cUser' })
export type B2cUser = z.infer<typeof b2cUserSchema>

export const b2bLoginResponseSchema = z
  .object({ user: b2bUserSchema, accessToken: text(), refreshToken: text() })
  .meta({ id: 'B2bLoginResponse' })

export const b2cLoginResponseSchema = z
  .object({ user: b2cUserSchema, accessToken: text(), refreshToken: text() })
  .meta({ id: 'B2cLoginResponse' })

export const refreshResponseSchema = z
  .object({ token: text().describe('the new refresh token'), accessToken: text() })
  .meta({ id: 'RefreshResponse' })
export type RefreshResponse = z.infer<typeof refreshResponseSchema>

export const logoutResponseSchema = z
  .object({ status: z.literal('success') })
  .meta({ id: 'LogoutResponse' })

export const b2bMeResponseSchema = z.object({ data: b2bUserSchema }).meta({ id: 'B2bMeResponse' })
export const b2cMeResponseSchema = z.object({ data: b2cUserSchema }).meta({ id: 'B2cMeResponse' })

export const tenantResponseSchema = z
  .object({
    slug: text(),
    config: tenantConfigSchema.nullable(),
    /** Whether the host runs a public shop: a pharmacy with a config (never a club, KCanG § 6). */
    hasShop: z.boolean(),
    /** False while a platform admin has deactivated the organisation: every page says so. */
    available: z.boolean(),
    /** The address links to the shop use: its verified own domain, else `<slug>.<APP_DOMAIN>`. */
    publicOrigin: text().describe('e.g. https://sonnen-apotheke.blattwerk.de'),
  })
  .meta({ id: 'TenantResponse' })
export type TenantResponse = z.infer<typeof tenantResponseSchema>

export const apiErrorSchema = z
  .object({
    status: z.number().int(),
    message: text(),
    errors: z.record(text(), text()).optional(),
    requestId: text().optional(),
  })
  .meta({ id: 'ApiError' })
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
