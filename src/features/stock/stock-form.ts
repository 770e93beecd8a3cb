import { FailureError, failureOf } from '~/lib/failure'
import { baseUnitsPerPackUnit, type PackUnit, packUnitLabels, parseDecimal } from '~/lib/products'

/**
 * Quantities as people type them on the stock forms — in g, ml or Stk, the German way ("2,5") —
 * and the base units (mg, µl, pieces) the services count in.
 */

export const quantityUnitLabel = (packUnit: PackUnit) => packUnitLabels[packUnit]

/**
 * The typed amount in base units: undefined when empty (the schema asks for it), NaN when it is
 * no number; a fraction of a base unit stays a fraction, so the schema refuses it as too precise.
 */
export function baseUnitsOf(text: string, packUnit: PackUnit): number | undefined {
  const value = parseDecimal(text)
  if (value === null) return undefined
  const scaled = value * baseUnitsPerPackUnit[packUnit]
  // Floating point: 2,345 g is 2344.9999… mg, which is meant as 2345.
  const rounded = Math.round(scaled)
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : scaled
}

/** A measured THC/CBD content as typed: null when empty, NaN when it is no number. */
export const contentOf = (text: string): number | null => parseDecimal(text)

/** The server's refusal as one message, for dialogs that have no field to put it under. */
export function withoutFieldErrors(error: unknown): FailureError {
  const failure = failureOf(error)
  const first = failure.errors ? Object.values(failure.errors)[0] : undefined
  return new FailureError({ ...failure, errors: undefined, message: first ?? failure.message })
}
