import type { CannabinoidUnit } from './products'

/**
 * One variety's movements of a year from the stock ledger, in mg: opening + harvested − handed
 * out − destroyed + corrected = closing. Handed out counts hand-outs less their cancellations;
 * corrected is the signed sum of corrections and filling losses.
 */
export interface VarietyStockFigures {
  openingMg: number
  harvestedMg: number
  handedOutMg: number
  destroyedMg: number
  correctedMg: number
  closingMg: number
}

/** A club's annual report (§ 26 Abs. 3 KCanG), as the service answers it. */
export interface AnnualHandoutReport {
  year: number
  organisationName: string
  varieties: ({
    name: string
    unit: CannabinoidUnit
    /** From the hand-out records, without cancelled ones. */
    handouts: number
    quantityMg: number
    /** Weighted by the grams handed out; null without a measured value. */
    averageThc: number | null
    averageCbd: number | null
  } & VarietyStockFigures)[]
  handouts: number
  quantityMg: number
  /** Members who received anything that year. */
  membersServed: number
  /** Members of the club during the year (joined before its end, not left before its start). */
  members: number
}

export const annualReportYearMessage =
  'Bitte wähle ein Kalenderjahr ab 2024 bis zum laufenden Jahr.'
