import { z } from 'zod'
import { emailAddress, text } from './text-schema'

const hexColour = text().regex(/^#[0-9a-fA-F]{6}$/, 'Farbe als #RRGGBB angeben')

/** The branding and legal data a tenant's shop shows; stored as jsonb on `tenants.config`. */
export const tenantConfigSchema = z.object({
  shopName: text({ required: 'Bitte gib den Namen des Shops ein.', max: 120 }),
  colors: z.object({ primary: hexColour, primaryForeground: hexColour, accent: hexColour }),
  logoUrl: text({ max: 2048 }).nullable(),
  contact: z.object({
    email: emailAddress({
      invalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
      tooLong: 'Die E-Mail-Adresse ist zu lang.',
    }),
    phone: text({ max: 40 }),
    street: text({ max: 200 }),
    postalCode: text({ max: 10 }),
    city: text({ max: 100 }),
    openingHours: text({ multiline: true, max: 300 }),
  }),
  legalNotice: text({ multiline: true, max: 20_000 }),
  privacyPolicy: text({ multiline: true, max: 50_000 }),
  deliveryMethods: z
    .array(
      z.object({
        id: text({ required: 'Bitte gib eine Kennung ein.', max: 40 }),
        label: text({ required: 'Bitte gib eine Bezeichnung ein.', max: 120 }),
        description: text({ max: 300 }),
        priceCents: z.number().int().min(0),
      }),
    )
    .max(20),
})

export type TenantConfig = z.infer<typeof tenantConfigSchema>
