/**
 * The legal forms an organisation can have and what each must print on its business letters and
 * documents (ADR 022, issue 28): register court and number, and the people who run it under the
 * title its law uses. No zod here — the renderers and the pages import it.
 */

export const legalForms = [
  'sole_proprietor',
  'registered_merchant',
  'ohg',
  'kg',
  'gmbh',
  'ug',
  'ag',
  'eg',
  'ev',
] as const
export type LegalForm = (typeof legalForms)[number]

export interface LegalFormRules {
  /** What the settings page offers. */
  label: string
  /** Printed after the name where the name does not already say it (§ 19 HGB, § 4 GmbHG). */
  abbreviation: string | null
  /** Which register the number is kept in; null: none (a trader not in the commercial register). */
  register: 'HRA' | 'HRB' | 'GnR' | 'VR' | null
  /** Whether register court and number must be stated (and so be filled in). */
  registerRequired: boolean
  /** The title of the people named: Inhaber(in), Geschäftsführer, Vorstand … */
  managersTitle: string
  /** Whether at least one person must be named. */
  managersRequired: boolean
  /** Whether the chair of the supervisory board must be named (§ 80 AktG). */
  supervisoryBoardChairRequired: boolean
  /** The paragraph behind the rules, for the page's hint and docs/domain.md. */
  source: string
}

export const legalFormRules: Record<LegalForm, LegalFormRules> = {
  sole_proprietor: {
    label: 'Einzelunternehmen (nicht im Handelsregister)',
    abbreviation: null,
    register: null,
    registerRequired: false,
    managersTitle: 'Inhaber(in)',
    managersRequired: true,
    supervisoryBoardChairRequired: false,
    source: '§ 15b GewO',
  },
  registered_merchant: {
    label: 'Eingetragene(r) Kauffrau/Kaufmann (e. K.)',
    abbreviation: 'e. K.',
    register: 'HRA',
    registerRequired: true,
    managersTitle: 'Inhaber(in)',
    managersRequired: false,
    supervisoryBoardChairRequired: false,
    source: '§ 37a HGB',
  },
  ohg: {
    label: 'Offene Handelsgesellschaft (OHG)',
    abbreviation: 'OHG',
    register: 'HRA',
    registerRequired: true,
    managersTitle: 'Persönlich haftende Gesellschafter',
    managersRequired: false,
    supervisoryBoardChairRequired: false,
    source: '§ 125a HGB',
  },
  kg: {
    label: 'Kommanditgesellschaft (KG)',
    abbreviation: 'KG',
    register: 'HRA',
    registerRequired: true,
    managersTitle: 'Persönlich haftende Gesellschafter',
    managersRequired: false,
    supervisoryBoardChairRequired: false,
    source: '§ 125a, § 177a HGB',
  },
  gmbh: {
    label: 'Gesellschaft mit beschränkter Haftung (GmbH)',
    abbreviation: 'GmbH',
    register: 'HRB',
    registerRequired: true,
    managersTitle: 'Geschäftsführer',
    managersRequired: true,
    supervisoryBoardChairRequired: false,
    source: '§ 35a GmbHG',
  },
  ug: {
    label: 'Unternehmergesellschaft (haftungsbeschränkt)',
    abbreviation: 'UG (haftungsbeschränkt)',
    register: 'HRB',
    registerRequired: true,
    managersTitle: 'Geschäftsführer',
    managersRequired: true,
    supervisoryBoardChairRequired: false,
    source: '§ 35a, § 5a GmbHG',
  },
  ag: {
    label: 'Aktiengesellschaft (AG)',
    abbreviation: 'AG',
    register: 'HRB',
    registerRequired: true,
    managersTitle: 'Vorstand',
    managersRequired: true,
    supervisoryBoardChairRequired: true,
    source: '§ 80 AktG',
  },
  eg: {
    label: 'Eingetragene Genossenschaft (eG)',
    abbreviation: 'eG',
    register: 'GnR',
    registerRequired: true,
    managersTitle: 'Vorstand',
    managersRequired: true,
    supervisoryBoardChairRequired: false,
    source: '§ 25a GenG',
  },
  ev: {
    label: 'Eingetragener Verein (e. V.)',
    abbreviation: 'e. V.',
    register: 'VR',
    registerRequired: true,
    managersTitle: 'Vorstand',
    managersRequired: false,
    supervisoryBoardChairRequired: false,
    source: '§ 64 BGB',
  },
}

/** The legal facts of an issuer as its documents print them (frozen in a document's content). */
export interface LegalIdentity {
  legalForm: LegalForm
  registerCourt: string | null
  registerNumber: string | null
  managers: string[]
  supervisoryBoardChair: string | null
}

/** The legal identity of an organisation record; null while it states no legal form. */
export const legalIdentityOf = (row: {
  legalForm: LegalForm | null
  registerCourt: string | null
  registerNumber: string | null
  managers: string[]
  supervisoryBoardChair: string | null
}): LegalIdentity | null =>
  row.legalForm
    ? {
        legalForm: row.legalForm,
        registerCourt: row.registerCourt,
        registerNumber: row.registerNumber,
        managers: row.managers,
        supervisoryBoardChair: row.supervisoryBoardChair,
      }
    : null

const hasAbbreviation = (name: string, abbreviation: string) =>
  name.replace(/\s+/g, '').toLowerCase().includes(abbreviation.replace(/\s+/g, '').toLowerCase())

/** The name with its legal form, as the law wants the firm to say it (§ 19 HGB, § 4 GmbHG). */
export function nameWithLegalForm(name: string, legal: LegalIdentity | null): string {
  const abbreviation = legal ? legalFormRules[legal.legalForm].abbreviation : null
  return abbreviation && !hasAbbreviation(name, abbreviation) ? `${name} ${abbreviation}` : name
}

/**
 * The register line of a document's footer: seat, register court and number, the people who run
 * the organisation — what § 37a HGB, § 125a HGB, § 35a GmbHG, § 80 AktG and § 25a GenG ask of
 * business letters. `city` is the seat (the organisation's address).
 */
export function legalIdentityLines(legal: LegalIdentity | null, city: string): string[] {
  if (!legal) return []
  const rules = legalFormRules[legal.legalForm]
  const register =
    legal.registerCourt && legal.registerNumber
      ? `Registergericht: ${legal.registerCourt}, ${legal.registerNumber}`
      : ''
  return [
    [rules.register ? `Sitz: ${city}` : '', register].filter(Boolean).join(' · '),
    [
      legal.managers.length > 0 ? `${rules.managersTitle}: ${legal.managers.join(', ')}` : '',
      legal.supervisoryBoardChair
        ? `Vorsitz des Aufsichtsrats: ${legal.supervisoryBoardChair}`
        : '',
    ]
      .filter(Boolean)
      .join(' · '),
  ].filter(Boolean)
}

/**
 * Who the seller is, one fact per line: name with legal form, address, phone and e-mail, the
 * register lines and the VAT id — what the imprint (§ 5 DDG) and the contract confirmation
 * (Art. 246a § 1 Abs. 1 Nr. 2 EGBGB) both take from the organisation's record.
 */
export function sellerIdentityLines(row: {
  name: string
  street: string | null
  postalCode: string | null
  city: string | null
  phone: string | null
  email: string | null
  vatId: string | null
  legalForm: LegalForm | null
  registerCourt: string | null
  registerNumber: string | null
  managers: string[]
  supervisoryBoardChair: string | null
}): string[] {
  const legal = legalIdentityOf(row)
  return [
    nameWithLegalForm(row.name, legal),
    [row.street, [row.postalCode, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    [row.phone ? `Telefon: ${row.phone}` : '', row.email ? `E-Mail: ${row.email}` : '']
      .filter(Boolean)
      .join(', '),
    ...legalIdentityLines(legal, row.city ?? ''),
    row.vatId ? `USt-IdNr.: ${row.vatId}` : '',
  ].filter(Boolean)
}
