import { z } from 'zod'

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Farbe als #RRGGBB angeben')

/** The branding and legal data a tenant's shop shows; stored as jsonb on `tenants.config`. */
export const tenantConfigSchema = z.object({
  shopName: z.string().min(1).max(120),
  colors: z.object({ primary: hexColour, primaryForeground: hexColour, accent: hexColour }),
  logoUrl: z.string().max(2048).nullable(),
  contact: z.object({
    email: z.email(),
    phone: z.string().max(40),
    street: z.string().max(200),
    postalCode: z.string().max(10),
    city: z.string().max(100),
    openingHours: z.string().max(300),
  }),
  legalNotice: z.string().max(20_000),
  privacyPolicy: z.string().max(50_000),
  deliveryMethods: z
    .array(
      z.object({
        id: z.string().min(1).max(40),
        label: z.string().min(1).max(120),
        description: z.string().max(300),
        priceCents: z.number().int().min(0),
      }),
    )
    .max(20),
})

export type TenantConfig = z.infer<typeof tenantConfigSchema>
