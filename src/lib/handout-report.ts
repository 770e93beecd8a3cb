import type { CannabinoidUnit } from './products'

/** A club's annual report of hand-outs (KCanG), as the service answers it. */
export interface AnnualHandoutReport {
  year: number
  organisationName: string
  varieties: {
    name: string
    unit: CannabinoidUnit
    handouts: number
    quantityMg: number
    /** Weighted by the grams handed out; null without a measured value. */
    averageThc: number | null
    averageCbd: number | null
  }[]
  handouts: number
  quantityMg: number
  /** Members who received anything that year. */
  membersServed: number
  /** Members of the club during the year (joined before its end, not left before its start). */
  members: number
}

export const annualReportYearMessage =
  'Bitte wähle ein Kalenderjahr ab 2024 bis zum laufenden Jahr.'
