import { z } from 'zod'
import { type LegalForm, legalFormRules, legalForms } from './legal-forms'
import { emailAddress, text } from './text-schema'

/**
 * The organisation's letterhead and invoice data (ADR 022): what every generated document prints
 * in its head and footer, and what § 14 UStG needs of the issuer. Shared by the settings form and
 * the service.
 */

/** ISO 13616: move the first four characters to the end, letters to 10–35, the number mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  if (iban.startsWith('DE') && iban.length !== 22) return false
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`
  let remainder = 0
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55)
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/** EU VAT ids: a German one is `DE` and nine digits; others two letters and 2–12 characters. */
export function isValidVatId(value: string): boolean {
  const vatId = value.replace(/\s+/g, '').toUpperCase()
  if (vatId.startsWith('DE')) return /^DE\d{9}$/.test(vatId)
  return /^(AT|BE|BG|CY|CZ|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}$/.test(
    vatId,
  )
}

export const ibanMessage = 'Die IBAN ist ungültig. Bitte prüfe sie auf Tippfehler.'
export const vatIdMessage = 'Die USt-IdNr. ist ungültig: „DE“ und neun Ziffern, z. B. DE123456789.'
export const bicMessage = 'Die BIC hat 8 oder 11 Zeichen, z. B. COBADEFFXXX.'
export const taxNumberMessage =
  'Die Steuernummer besteht aus 10 bis 13 Ziffern, gern mit Schrägstrichen, z. B. 43/721/01234.'
export const taxIdentityMessage =
  'Bitte gib die Steuernummer oder die USt-IdNr. an: eine von beiden muss auf jeder Rechnung stehen.'
export const registerNumberMessage =
  'Bitte gib die Registernummer an, wie das Register sie schreibt, z. B. HRA 12345 B oder HRB 98765.'
export const registerRequiredMessage = (label: string, source: string) =>
  `Für die Rechtsform „${label}“ gehören Registergericht und Registernummer auf jedes Geschäftsdokument (${source}).`
export const websiteMessage = 'Bitte gib eine Webadresse an, z. B. www.beispiel.de.'
export const phoneMessage = 'Bitte gib eine Telefonnummer aus Ziffern an, z. B. +49 40 123456.'

/** An optional field: empty (or blank) input is stored as null; anything else must pass `schema`. */
const optional = <Schema extends z.ZodType<string, string>>(schema: Schema) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable(),
  )

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase()

const paymentReminderDaysMessage =
  'Bitte gib für Zahlungserinnerungen einen Abstand von 1 bis 60 Tagen an.'

export const letterheadSchema = z
  .object({
    taxNumber: optional(
      text({ trim: true, max: 20, tooLong: taxNumberMessage }).refine(
        (value) => /^[\d/ ]+$/.test(value) && /^\d{10,13}$/.test(value.replace(/[/ ]/g, '')),
        taxNumberMessage,
      ),
    ),
    vatId: optional(
      text({ trim: true, max: 20, tooLong: vatIdMessage })
        .refine(isValidVatId, vatIdMessage)
        .transform(compact),
    ),
    /** Kleinunternehmer (§ 19 UStG): invoices without VAT, with the exemption stated. */
    smallBusiness: z.boolean().default(false),
    iban: optional(
      text({ trim: true, max: 42, tooLong: ibanMessage })
        .refine(isValidIban, ibanMessage)
        .transform(compact),
    ),
    bic: optional(
      text({ trim: true, max: 11, tooLong: bicMessage })
        .refine((value) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/i.test(value), bicMessage)
        .transform(compact),
    ),
    bankName: optional(
      text({ trim: true, max: 100, tooLong: 'Der Name der Bank hat höchstens 100 Zeichen.' }),
    ),
    email: optional(
      emailAddress({
        invalid: 'Bitte gib eine gültige E-Mail-Adresse an.',
        tooLong: 'Die E-Mail-Adresse ist zu lang.',
      }),
    ),
    phone: optional(
      text({ trim: true, max: 40, tooLong: 'Die Telefonnummer hat höchstens 40 Zeichen.' }).refine(
        (value) => /^\+?[\d ()/-]{5,}$/.test(value),
        phoneMessage,
      ),
    ),
    website: optional(
      text({ trim: true, max: 200, tooLong: 'Die Webadresse hat höchstens 200 Zeichen.' }).refine(
        (value) => /^(https?:\/\/)?[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(value),
        websiteMessage,
      ),
    ),
    // Left out by callers of organisations without a licence: absent is empty.
    licenceNumber: z.preprocess(
      (value) => value ?? null,
      optional(
        text({
          trim: true,
          max: 60,
          tooLong: 'Die Nummer der Erlaubnis hat höchstens 60 Zeichen.',
        }),
      ),
    ),
    /** A pharmacy names no authority; the service drops it there (`licenceLabels`). */
    licenceAuthority: z.preprocess(
      (value) => value ?? null,
      optional(
        text({ trim: true, max: 200, tooLong: 'Der Name der Behörde hat höchstens 200 Zeichen.' }),
      ),
    ),
    /** A wholesaler's § 52a or a producer's § 13 AMG licence; dropped for the others. */
    amgLicenceNumber: z.preprocess(
      (value) => value ?? null,
      optional(
        text({
          trim: true,
          max: 60,
          tooLong: 'Die Nummer der Erlaubnis hat höchstens 60 Zeichen.',
        }),
      ),
    ),
    amgLicenceAuthority: z.preprocess(
      (value) => value ?? null,
      optional(
        text({ trim: true, max: 200, tooLong: 'Der Name der Behörde hat höchstens 200 Zeichen.' }),
      ),
    ),
    /** A stored file of purpose `organisation_logo`, or null for none. */
    logoFileId: z.uuid({ error: 'Das Logo ist keine hochgeladene Datei.' }).nullable(),
    // Legal identity (lib/legal-forms.ts); left out by older callers: absent is empty.
    legalForm: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.enum(legalForms, { error: 'Bitte wähle eine Rechtsform aus der Liste.' }).nullable(),
    ),
    registerCourt: z.preprocess(
      (value) => value ?? null,
      optional(
        text({ trim: true, max: 100, tooLong: 'Das Registergericht hat höchstens 100 Zeichen.' }),
      ),
    ),
    registerNumber: z.preprocess(
      (value) => value ?? null,
      optional(
        text({
          trim: true,
          max: 40,
          tooLong: 'Die Registernummer hat höchstens 40 Zeichen.',
        }).refine(
          (value) => /^(HRA|HRB|GnR|VR|PR|GsR)\s?\d+(\s?[A-Z]{1,3})?$/i.test(value),
          registerNumberMessage,
        ),
      ),
    ),
    /** One name a line in the form; printed in this order. */
    managers: z
      .array(text({ trim: true, max: 120, tooLong: 'Ein Name hat höchstens 120 Zeichen.' }), {
        error: 'Bitte gib die Namen als Liste an.',
      })
      .max(20, 'Bitte nenne höchstens 20 Personen.')
      .default([])
      .transform((names) => names.filter((name) => name !== '')),
    supervisoryBoardChair: z.preprocess(
      (value) => value ?? null,
      optional(text({ trim: true, max: 120, tooLong: 'Ein Name hat höchstens 120 Zeichen.' })),
    ),
    /** The fewest days between two payment reminders for the same order (ADR 073). */
    paymentReminderDays: z.coerce
      .number({ error: paymentReminderDaysMessage })
      .int(paymentReminderDaysMessage)
      .min(1, paymentReminderDaysMessage)
      .max(60, paymentReminderDaysMessage)
      .default(7),
  })
  .superRefine((value, context) => {
    if (!value.taxNumber && !value.vatId) {
      context.addIssue({ code: 'custom', path: ['taxNumber'], message: taxIdentityMessage })
    }
    if (!value.legalForm) return
    const rules = legalFormRules[value.legalForm]
    if (rules.registerRequired && !value.registerCourt) {
      context.addIssue({
        code: 'custom',
        path: ['registerCourt'],
        message: registerRequiredMessage(rules.label, rules.source),
      })
    }
    if (rules.registerRequired && !value.registerNumber) {
      context.addIssue({
        code: 'custom',
        path: ['registerNumber'],
        message: registerRequiredMessage(rules.label, rules.source),
      })
    }
    if (rules.managersRequired && value.managers.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['managers'],
        message: `Bitte nenne: ${rules.managersTitle} (${rules.source}).`,
      })
    }
    if (rules.supervisoryBoardChairRequired && !value.supervisoryBoardChair) {
      context.addIssue({
        code: 'custom',
        path: ['supervisoryBoardChair'],
        message: `Bitte nenne den Vorsitz des Aufsichtsrats (${rules.source}).`,
      })
    }
  })
  .transform((value) => {
    // What the form does not have goes: no register for a trader outside it, no chair but an AG's.
    const rules = value.legalForm ? legalFormRules[value.legalForm] : null
    return {
      ...value,
      registerCourt: rules?.register ? value.registerCourt : null,
      registerNumber: rules?.register ? value.registerNumber : null,
      managers: rules ? value.managers : [],
      supervisoryBoardChair: rules?.supervisoryBoardChairRequired
        ? value.supervisoryBoardChair
        : null,
    }
  })

type OptionalLetterheadFields =
  | 'licenceNumber'
  | 'licenceAuthority'
  | 'amgLicenceNumber'
  | 'amgLicenceAuthority'
  | 'smallBusiness'
  | 'legalForm'
  | 'registerCourt'
  | 'registerNumber'
  | 'managers'
  | 'supervisoryBoardChair'
  | 'paymentReminderDays'
export type LetterheadInput = Omit<z.input<typeof letterheadSchema>, OptionalLetterheadFields> &
  Partial<Pick<z.input<typeof letterheadSchema>, OptionalLetterheadFields>>
export type Letterhead = z.output<typeof letterheadSchema>

/** What the settings page shows: the organisation's fixed facts and its letterhead. */
export interface OrganisationSettings {
  id: string
  name: string
  category: string
  street: string | null
  postalCode: string | null
  city: string | null
  country: string
  letterhead: {
    taxNumber: string | null
    vatId: string | null
    smallBusiness: boolean
    iban: string | null
    bic: string | null
    bankName: string | null
    email: string | null
    phone: string | null
    website: string | null
    licenceNumber: string | null
    licenceAuthority: string | null
    amgLicenceNumber: string | null
    amgLicenceAuthority: string | null
    logoFileId: string | null
    legalForm: LegalForm | null
    registerCourt: string | null
    registerNumber: string | null
    managers: string[]
    supervisoryBoardChair: string | null
    paymentReminderDays: number
  }
  /** Whether the viewer may change the letterhead (the owner). */
  editable: boolean
  /** Whether the viewer may edit the organisation's shop (or club site): its owner, if it has one. */
  shopSettings: boolean
  /** Name and address: its owner and the platform admin; the category: the admin alone. */
  profileEditable: boolean
  categoryEditable: boolean
  /** A club's minimum membership duration in months by its statutes (§ 16 Abs. 5 KCanG); null: not recorded. */
  minMembershipMonths: number | null
  /** Set while a platform admin has deactivated the organisation (ISO time). */
  deactivatedAt: string | null
  /** Whether the viewer may deactivate or reactivate it: the platform admin, not the platform. */
  activationEditable: boolean
  /** A club's adapted information for members (§ 21 Abs. 3 KCanG); null: the template. */
  handoutInformation: string | null
}

export const letterheadLabels = {
  taxNumber: 'Steuernummer',
  vatId: 'USt-IdNr.',
  smallBusiness: 'Kleinunternehmer (§ 19 UStG)',
  iban: 'IBAN',
  bic: 'BIC',
  bankName: 'Bank',
  email: 'E-Mail-Adresse',
  phone: 'Telefon',
  website: 'Website',
  logoFileId: 'Logo',
  legalForm: 'Rechtsform',
  registerCourt: 'Registergericht',
  registerNumber: 'Registernummer',
  managers: 'Vertretungsberechtigte Personen',
  supervisoryBoardChair: 'Vorsitz des Aufsichtsrats',
  paymentReminderDays: 'Abstand der Zahlungserinnerungen (Tage)',
} as const

type Category = 'platform' | 'pharmacy' | 'wholesaler' | 'producer' | 'club'

export type LicenceField =
  | 'licenceNumber'
  | 'licenceAuthority'
  | 'amgLicenceNumber'
  | 'amgLicenceAuthority'

/**
 * The licences each category holds, field by field with its label (none for the platform): a
 * pharmacy's operating licence (ApoG); a wholesaler's MedCanG permit and wholesale licence
 * (§ 52a AMG), a producer's MedCanG permit and manufacturing licence (§ 13 AMG), each with the
 * authority that issued it — printed on their delivery notes; a club's KCanG permit.
 */
export const licenceLabels: Record<Category, Partial<Record<LicenceField, string>>> = {
  platform: {},
  pharmacy: { licenceNumber: 'Betriebserlaubnis (Nr.)' },
  wholesaler: {
    licenceNumber: 'Erlaubnis nach MedCanG (Nr.)',
    licenceAuthority: 'MedCanG-Erlaubnis erteilt von (Behörde)',
    amgLicenceNumber: 'Großhandelserlaubnis nach § 52a AMG (Nr.)',
    amgLicenceAuthority: 'Großhandelserlaubnis erteilt von (Behörde)',
  },
  producer: {
    licenceNumber: 'Erlaubnis nach MedCanG (Nr.)',
    licenceAuthority: 'MedCanG-Erlaubnis erteilt von (Behörde)',
    amgLicenceNumber: 'Herstellungserlaubnis nach § 13 AMG (Nr.)',
    amgLicenceAuthority: 'Herstellungserlaubnis erteilt von (Behörde)',
  },
  club: { licenceNumber: 'Erlaubnis nach KCanG (Nr.)', licenceAuthority: 'Erteilt von (Behörde)' },
}

export const organisationNotFoundMessage = 'Diese Organisation gibt es nicht.'
export const logoNotFoundMessage = 'Bitte lade das Logo erneut hoch.'
