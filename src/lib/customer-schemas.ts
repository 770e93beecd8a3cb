import { z } from 'zod'
import { eInvoiceFormats, licenceTypes, payerKinds } from './customer-enums'
import { isCalendarDay } from './format'
import { emailAddress, text } from './text-schema'

/**
 * The inputs of the customer services, shared by their forms and the server. One schema per kind
 * (patient, business, member); the rules that need today's date (birth date in the future, a
 * member's age) are checked against the day the server sees, so they live in `refine`s that read
 * the clock when they run.
 */

const optionalText = (max: number, label: string) =>
  text({ trim: true, max, tooLong: `${label} hat höchstens ${max} Zeichen.` })
    .nullable()
    .optional()
    .transform((value) => value || null)

const requiredText = (max: number, required: string, label: string) =>
  text({ trim: true, required, max, tooLong: `${label} hat höchstens ${max} Zeichen.` })

export { isCalendarDay }

/** Today in Germany as `YYYY-MM-DD` (kept here so the schema needs no formatting module). */
export const todayInGermany = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

const day = (invalid: string) =>
  text({ trim: true, required: invalid }).refine(isCalendarDay, invalid)

const optionalDay = (invalid: string) =>
  text({ trim: true })
    .nullable()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDay(value), invalid)

/** A birth date as `YYYY-MM-DD`, not in the future. */
export const birthDate = (required: string) =>
  day(required).refine(
    (value) => value <= todayInGermany(),
    'Das Geburtsdatum liegt in der Zukunft.',
  )

const optionalEmail = emailAddress({
  invalid: 'Bitte gib eine gültige E-Mail-Adresse an.',
  tooLong: 'Die E-Mail-Adresse ist zu lang.',
})
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null))
  .transform((value) => value ?? null)

/**
 * VAT identification numbers: Germany strictly (DE and nine digits), the other EU states loosely
 * (their two-letter prefix, Greece's EL, then 2–12 letters or digits).
 */
const euVatPrefixes = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]
export function isVatId(value: string): boolean {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase()
  if (compact.startsWith('DE')) return /^DE\d{9}$/.test(compact)
  return euVatPrefixes.includes(compact.slice(0, 2)) && /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(compact)
}

const addressFields = {
  street: optionalText(200, 'Die Straße'),
  postalCode: optionalText(10, 'Die Postleitzahl'),
  city: optionalText(100, 'Der Ort'),
  country: text({ trim: true, required: 'Bitte wähle das Land.' })
    .regex(/^[A-Z]{2}$/, 'Bitte wähle das Land.')
    .default('DE'),
  email: optionalEmail,
  phone: optionalText(40, 'Die Telefonnummer'),
}

const personFields = {
  firstName: requiredText(100, 'Bitte gib den Vornamen an.', 'Der Vorname'),
  lastName: requiredText(100, 'Bitte gib den Nachnamen an.', 'Der Nachname'),
}

export const patientSchema = z.object({
  kind: z.literal('patient'),
  ...personFields,
  birthDate: birthDate('Bitte gib das Geburtsdatum an (TT.MM.JJJJ).'),
  ...addressFields,
  payerKind: z.enum(payerKinds, { error: 'Bitte wähle den Kostenträger.' }),
  insurerName: optionalText(120, 'Der Name der Krankenkasse'),
  insuranceNumber: optionalText(20, 'Die Versichertennummer'),
  copaymentExempt: z.boolean().default(false),
})

export const businessSchema = z.object({
  kind: z.literal('business'),
  companyName: requiredText(200, 'Bitte gib den Namen der Firma an.', 'Der Firmenname'),
  contactPerson: optionalText(200, 'Der Name der Ansprechperson'),
  vatId: optionalText(20, 'Die USt-IdNr.').refine(
    (value) => value === null || isVatId(value),
    'Bitte gib eine gültige USt-IdNr. an (z. B. DE123456789).',
  ),
  licenceType: z
    .enum(licenceTypes, { error: 'Bitte wähle die Art der Erlaubnis.' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null))
    .transform((value) => value ?? null),
  licenceNumber: optionalText(60, 'Die Erlaubnisnummer'),
  licenceAuthority: optionalText(200, 'Die erteilende Behörde'),
  licenceValidUntil: optionalDay('Bitte gib ein gültiges Datum an (TT.MM.JJJJ).'),
  medcanPermitNumber: optionalText(60, 'Die Nummer der MedCanG-Erlaubnis'),
  eInvoiceAddress: optionalText(254, 'Die E-Rechnungsadresse'),
  eInvoiceFormat: z
    .enum(eInvoiceFormats, { error: 'Bitte wähle das E-Rechnungsformat.' })
    .default('xrechnung'),
  ...addressFields,
})

export const memberSchema = z.object({
  kind: z.literal('member'),
  ...personFields,
  birthDate: birthDate('Bitte gib das Geburtsdatum an (TT.MM.JJJJ).'),
  ...addressFields,
  membershipNumber: optionalText(40, 'Die Mitgliedsnummer'),
  joinedOn: optionalDay('Bitte gib ein gültiges Beitrittsdatum an.'),
  idCheckedOn: optionalDay('Bitte gib ein gültiges Datum der Ausweisprüfung an.'),
  leftOn: optionalDay('Bitte gib ein gültiges Austrittsdatum an.'),
  noOtherClubDeclaredOn: optionalDay('Bitte gib ein gültiges Datum der Erklärung an.'),
  residenceDeclaredOn: optionalDay('Bitte gib ein gültiges Datum der Erklärung an.'),
  teamUserId: z
    .union([z.uuid({ error: 'Bitte wähle ein Benutzerkonto.' }), z.literal('')])
    .nullish()
    .transform((value) => value || null),
})

/** The rules across fields: a German postal code, the insurer of a statutory patient. */
function checkCustomer(
  value: { kind: string; country: string; postalCode: string | null } & Record<string, unknown>,
  context: z.RefinementCtx,
) {
  if (value.country === 'DE' && value.postalCode !== null && !/^\d{5}$/.test(value.postalCode)) {
    context.addIssue({
      code: 'custom',
      path: ['postalCode'],
      message: 'Die Postleitzahl hat fünf Ziffern.',
    })
  }
  if (value.kind === 'patient' && value.payerKind === 'statutory') {
    if (!value.insurerName) {
      context.addIssue({
        code: 'custom',
        path: ['insurerName'],
        message: 'Bitte gib die Krankenkasse an.',
      })
    }
    if (!value.insuranceNumber) {
      context.addIssue({
        code: 'custom',
        path: ['insuranceNumber'],
        message: 'Bitte gib die Versichertennummer an.',
      })
    }
  }
  if (
    value.kind === 'member' &&
    typeof value.joinedOn === 'string' &&
    value.joinedOn > todayInGermany()
  ) {
    context.addIssue({
      code: 'custom',
      path: ['joinedOn'],
      message: 'Das Beitrittsdatum liegt in der Zukunft.',
    })
  }
  for (const path of ['noOtherClubDeclaredOn', 'residenceDeclaredOn']) {
    const declared = value[path]
    if (value.kind === 'member' && typeof declared === 'string' && declared > todayInGermany()) {
      context.addIssue({
        code: 'custom',
        path: [path],
        message: 'Das Datum liegt in der Zukunft.',
      })
    }
  }
}

/**
 * A wholesaler's or producer's business customer must carry its licence (§ 47 AMG, MedCanG § 4):
 * the fields still empty, with their messages. Whether it is still valid is the order's question
 * (`licenceProblem`): an expired licence must not block correcting the address.
 */
export function missingLicenceFields(
  data: z.output<typeof businessSchema>,
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!data.licenceType) errors.licenceType = 'Bitte wähle die Art der Erlaubnis.'
  if (!data.licenceNumber) errors.licenceNumber = 'Bitte gib die Nummer der Erlaubnis an.'
  if (!data.licenceAuthority) {
    errors.licenceAuthority = 'Bitte gib die Behörde an, die die Erlaubnis erteilt hat.'
  }
  if (!data.licenceValidUntil) {
    errors.licenceValidUntil = 'Bitte gib an, bis wann die Erlaubnis gilt (TT.MM.JJJJ).'
  }
  if (data.licenceType && data.licenceType !== 'pharmacy' && !data.medcanPermitNumber) {
    errors.medcanPermitNumber =
      'Großhändler und Hersteller brauchen zusätzlich die Erlaubnis nach § 4 MedCanG: bitte die Nummer angeben.'
  }
  return errors
}

export const customerSchema = z
  .discriminatedUnion('kind', [patientSchema, businessSchema, memberSchema], {
    error: 'Bitte wähle die Art des Kunden.',
  })
  .superRefine(checkCustomer)
export type CustomerInput = z.input<typeof customerSchema>
export type CustomerData = z.output<typeof customerSchema>

/** A change names the revision the form was loaded at; an older one is refused. */
export const updateCustomerSchema = z.object({
  revision: z.number().int().positive(),
  customer: customerSchema,
})
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>

export const customerRevisionSchema = z.object({
  revision: z.number().int().positive().optional(),
})

export const customerNoteSchema = z.object({
  body: text({
    trim: true,
    multiline: true,
    required: 'Bitte gib eine Notiz ein.',
    max: 2000,
    tooLong: 'Eine Notiz hat höchstens 2000 Zeichen.',
  }),
})
export type CustomerNoteInput = z.input<typeof customerNoteSchema>

/** Linking a shop account: the e-mail address the customer registered with. */
export const shopAccountLinkSchema = z.object({
  email: emailAddress({
    invalid: 'Bitte gib eine gültige E-Mail-Adresse an.',
    tooLong: 'Die E-Mail-Adresse ist zu lang.',
  }),
})

/** Anonymising asks for the revision the page showed: nobody anonymises what they have not seen. */
export const anonymiseCustomerSchema = z.object({
  revision: z.number().int().positive(),
})

/**
 * The team page's link of a club's user account to a member record (§ 19 Abs. 2 KCanG): the
 * member, or none to remove the link. The field is a select, so '' means none.
 */
export const memberLinkSchema = z.object({
  customerId: z
    .union([z.uuid({ error: 'Bitte wähle ein Mitglied.' }), z.literal('')], {
      error: 'Bitte wähle ein Mitglied.',
    })
    .transform((value) => value || null),
})
export type MemberLinkInput = z.input<typeof memberLinkSchema>
