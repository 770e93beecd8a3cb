/**
 * The kinds of organisation, the roles and qualifications of their users, as plain values: list filters and
 * navigation use them on every page, without loading a schema library.
 */
export const organisationCategories = [
  'platform',
  'pharmacy',
  'wholesaler',
  'producer',
  'club',
] as const
export type OrganisationCategory = (typeof organisationCategories)[number]

export const userRoles = ['admin', 'owner', 'staff'] as const
export type UserRole = (typeof userRoles)[number]

/**
 * A member's professional qualification, set by the owner. In a pharmacy only a pharmacist
 * checks prescriptions, gives the second confirmation of a filling and releases batches
 * (ApBetrO §§ 7, 8); PTA and PKA prepare.
 */
export const memberQualifications = ['pharmacist', 'pta', 'pka', 'other'] as const
export type MemberQualification = (typeof memberQualifications)[number]

export const memberQualificationLabels: Record<MemberQualification, string> = {
  pharmacist: 'Apotheker/in',
  pta: 'PTA',
  pka: 'PKA',
  other: 'Sonstige',
}

/** Why a pharmacy refuses a step to someone who is not a pharmacist, by step. */
export const pharmacistOnlyMessages = {
  prescriptionCheck:
    'Die Rezeptprüfung nimmt in der Apotheke nur ein Apotheker oder eine Apothekerin vor (§ 7 Abs. 1b ApBetrO).',
  fillingConfirmation:
    'Die Abfüllung bestätigt in der Apotheke nur ein Apotheker oder eine Apothekerin (§ 7 Abs. 1c, § 8 ApBetrO). PTA und PKA bereiten vor.',
  batchRelease:
    'Chargen gibt in der Apotheke nur ein Apotheker oder eine Apothekerin frei (§ 7 Abs. 1c, § 8 ApBetrO). PTA und PKA bereiten vor.',
} as const
export type PharmacistOnlyStep = keyof typeof pharmacistOnlyMessages

/** Whether a member of an organisation of `category` may take a pharmacist-only step. */
export const mayTakePharmacistStep = (
  category: OrganisationCategory,
  qualification: MemberQualification,
): boolean => category !== 'pharmacy' || qualification === 'pharmacist'
