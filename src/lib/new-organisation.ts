import { z } from 'zod'
import { emailAddress, text } from './text-schema'

/** What the platform admin enters for "Neue Organisation" (the admin console). */

/** Categories an organisation can be created with; the platform itself exists once. */
export const newOrganisationCategories = ['pharmacy', 'wholesaler', 'producer', 'club'] as const

/**
 * Shop addresses that would be mistaken for the product's own: `<slug>.blattwerk.de` must never
 * look like a page of the platform or an infrastructure host.
 */
export const reservedTenantSlugs = [
  'www',
  'admin',
  'api',
  'app',
  'assets',
  'blattwerk',
  'cdn',
  'hilfe',
  'localhost',
  'login',
  'mail',
  'shop',
  'smtp',
  'static',
  'status',
  'support',
] as const

export const tenantSlugTakenMessage = 'Diese Shop-Adresse ist schon vergeben.'

export const tenantSlugSchema = text({
  trim: true,
  required: 'Bitte gib eine Shop-Adresse ein.',
  max: 40,
  tooLong: 'Die Shop-Adresse hat höchstens 40 Zeichen.',
})
  .transform((value) => value.toLowerCase())
  .refine(
    (value) => /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/.test(value),
    'Nur Kleinbuchstaben ohne Umlaute, Ziffern und Bindestriche, 3 bis 40 Zeichen, kein Bindestrich am Anfang oder Ende.',
  )
  .refine(
    (value) => !(reservedTenantSlugs as readonly string[]).includes(value),
    'Diese Shop-Adresse ist der Plattform vorbehalten.',
  )

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : (value ?? null)

export const newOrganisationSchema = z.object({
  name: text({
    trim: true,
    required: 'Bitte gib den Namen der Organisation ein.',
    max: 200,
    tooLong: 'Der Name hat höchstens 200 Zeichen.',
  }),
  category: z.enum(newOrganisationCategories, { error: 'Bitte wähle die Art der Organisation.' }),
  street: text({
    trim: true,
    required: 'Bitte gib Straße und Hausnummer ein.',
    max: 200,
    tooLong: 'Die Straße hat höchstens 200 Zeichen.',
  }),
  postalCode: text({ trim: true, required: 'Bitte gib die Postleitzahl ein.', max: 5 }).regex(
    /^\d{5}$/,
    'Die Postleitzahl hat fünf Ziffern.',
  ),
  city: text({
    trim: true,
    required: 'Bitte gib den Ort ein.',
    max: 100,
    tooLong: 'Der Ort hat höchstens 100 Zeichen.',
  }),
  /** `<slug>.<APP_DOMAIN>`: the organisation's shop host (and a club's home page). */
  tenantSlug: z.preprocess(blankToNull, tenantSlugSchema.nullable()),
  /** Gets an invitation as the first owner. */
  ownerEmail: z.preprocess(
    blankToNull,
    emailAddress({
      invalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
      tooLong: 'Die E-Mail-Adresse ist zu lang.',
    }).nullable(),
  ),
})
export type NewOrganisationInput = z.input<typeof newOrganisationSchema>

const minMembershipMessage =
  'Die Satzung muss eine Mindestmitgliedschaft von mindestens drei Monaten vorsehen (§ 16 Abs. 5 KCanG): Bitte gib 3 bis 120 Monate an – oder nichts.'

/**
 * A club's minimum membership duration in months as its statutes set it (§ 16 Abs. 5 KCanG: at
 * least three); it limits when a member may leave. Text in the form, a number or null over the
 * wire; empty means not recorded yet.
 */
export const minMembershipMonthsSchema = z
  .union([z.number(), z.string().trim().regex(/^\d*$/, minMembershipMessage)], {
    error: minMembershipMessage,
  })
  .nullable()
  .transform((value) => (value === '' || value === null ? null : Number(value)))
  .pipe(
    z
      .number()
      .int(minMembershipMessage)
      .min(3, minMembershipMessage)
      .max(120, minMembershipMessage)
      .nullable(),
  )

/**
 * The organisation's name, category and address as its page edits them: the owner changes name
 * and address, only a platform admin the category (the service checks); a club also its minimum
 * membership (left as it is when absent).
 */
export const organisationProfileSchema = newOrganisationSchema
  .pick({
    name: true,
    category: true,
    street: true,
    postalCode: true,
    city: true,
  })
  .extend({ minMembershipMonths: minMembershipMonthsSchema.optional() })
export type OrganisationProfileInput = z.input<typeof organisationProfileSchema>
