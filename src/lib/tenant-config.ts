import { z } from 'zod'
import { deliveryMethods } from './customer-enums'
import { noMailOrder, shopPaymentMethods } from './shop'
import { emailAddress, text } from './text-schema'

const hexColour = text().regex(/^#[0-9a-fA-F]{6}$/, 'Farbe als #RRGGBB angeben')

const germanPostalCode = text({ trim: true }).regex(
  /^\d{5}$/,
  'Bitte gib eine fünfstellige Postleitzahl ein.',
)

const cents = (what: string) =>
  z
    .number({ error: `Bitte gib ${what} in Cent ein.` })
    .int(`Bitte gib ${what} in ganzen Cent ein.`)
    .min(0, `${what} darf nicht negativ sein.`)
    .max(100_000_00, `${what} ist zu hoch.`)

/** What every delivery method says about itself; the label is what the checkout shows. */
const deliveryMethodBase = {
  label: text({ trim: true, required: 'Bitte gib eine Bezeichnung ein.', max: 120 }),
  description: text({ trim: true, max: 300 }),
  /**
   * Whether flowers may go this way. Kept per tenant and method, never hard-wired: a bill of
   * 8 Oct 2025 would ban mail order of flowers (domain.md).
   */
  flowersAllowed: z.boolean(),
}

export const pickupMethodSchema = z.object({
  kind: z.literal('pickup'),
  ...deliveryMethodBase,
  street: text({ trim: true, required: 'Bitte gib die Straße ein.', max: 200 }),
  postalCode: germanPostalCode,
  city: text({ trim: true, required: 'Bitte gib den Ort ein.', max: 100 }),
  openingHours: text({ multiline: true, max: 300 }),
})

export const courierMethodSchema = z.object({
  kind: z.literal('courier'),
  ...deliveryMethodBase,
  /** The postal codes the pharmacy's own courier serves. */
  postalCodes: z
    .array(germanPostalCode)
    .min(1, 'Bitte gib mindestens eine Postleitzahl an.')
    .max(1_000, 'Bitte gib höchstens 1.000 Postleitzahlen an.'),
  feeCents: cents('Die Liefergebühr'),
  /** Order value (gross) from which the courier is free; null: never free. */
  freeFromCents: cents('Der Mindestbestellwert').nullable(),
})

export const shippingMethodSchema = z.object({
  kind: z.literal('shipping'),
  ...deliveryMethodBase,
  feeCents: cents('Die Versandkosten'),
})

export const deliveryMethodSchema = z.discriminatedUnion('kind', [
  pickupMethodSchema,
  courierMethodSchema,
  shippingMethodSchema,
])
export type ShopDeliveryMethod = z.infer<typeof deliveryMethodSchema>

const eachOnce = <T>(values: readonly T[]) => new Set(values).size === values.length

const isoDateOrEmpty = text({ trim: true }).refine(
  (value) =>
    value === '' ||
    (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))),
  'Bitte gib ein Datum an.',
)

/** The register's entry of the pharmacy: a web address over https. */
const registerLink = text({ trim: true, max: 2048 }).refine(
  (value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value),
  'Bitte gib die Adresse des Registereintrags mit https:// an.',
)

/**
 * The mail-order marks a shop that ships must show (§ 11a ApoG, § 67 Abs. 8 AMG, Art. 85c
 * Directive 2001/83/EC, Implementing Reg. (EU) 699/2014; domain.md): the permit — which authority
 * issued it, when — and the EU common logo with the link to the pharmacy's entry in the
 * Versandhandelsregister, as the register issued them. Empty while the shop does not ship.
 */
export const mailOrderSchema = z.object({
  permitAuthority: text({ trim: true, max: 200 }),
  /** ISO date of the permit, or ''. */
  permitDate: isoDateOrEmpty,
  registerUrl: registerLink,
  /** The logo image the register issued, as a stored file (`/api/files/<id>`), or null. */
  logoUrl: text({ max: 2048 }).nullable(),
})
export type MailOrder = z.infer<typeof mailOrderSchema>

/** The config's current shape; `version` lets a later shape be told apart and converted. */
export const tenantConfigVersion = 2

/**
 * The branding, legal texts and shop rules of a tenant; stored as jsonb on `tenants.config` and
 * parsed with this schema on every read (ADR 026). Migration 0011 converted version 1.
 */
export const tenantConfigSchema = z.object({
  version: z.literal(tenantConfigVersion),
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
  /** Allgemeine Geschäftsbedingungen. */
  terms: text({ multiline: true, max: 50_000 }),
  /** Widerrufsbelehrung (what applies, and what is excluded, e.g. prescription medicines). */
  withdrawalInformation: text({ multiline: true, max: 20_000 }),
  deliveryMethods: z
    .array(deliveryMethodSchema)
    .max(deliveryMethods.length)
    .refine((methods) => eachOnce(methods.map((method) => method.kind)), {
      error: 'Jede Lieferart darf nur einmal vorkommen.',
    }),
  /** `bank_transfer` uses the organisation's bank account (its letterhead). */
  paymentMethods: z
    .array(z.enum(shopPaymentMethods, { error: 'Unbekannte Zahlungsart.' }))
    .max(shopPaymentMethods.length)
    .refine(eachOnce, { error: 'Jede Zahlungsart darf nur einmal vorkommen.' }),
  /** False: prices only for logged-in shop users. */
  showPricesPublicly: z.boolean().default(true),
  /** True: the exact amount in stock beside "vorrätig" (a fact, not a scarcity badge: domain.md). */
  showStockAmounts: z.boolean().default(false),
  mailOrder: mailOrderSchema.default(noMailOrder),
})

export type TenantConfig = z.infer<typeof tenantConfigSchema>
export type TenantConfigInput = z.input<typeof tenantConfigSchema>
