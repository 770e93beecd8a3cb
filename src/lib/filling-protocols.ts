import { z } from 'zod'
import type { FillingProtocolStatus } from './filling-protocol-lists'
import { formatWeighedGrams } from './format'
import type { ListResult } from './list-query'
import { type CannabinoidUnit, formatDecimal } from './products'
import { reasonSchema } from './stock-schemas'
import { text } from './text-schema'

/**
 * The filling protocol (Abfüllprotokoll): flowers from a released bulk batch repackaged into units
 * of a target net weight, every unit weighed (gross, tare, net), checked by a second person before
 * the units become stock. The tolerance arithmetic and the checks of the weights live here, so
 * the form shows the same objections the service refuses with (ADR 045).
 */

export * from './filling-protocol-lists'

export const fillingLimits = {
  /** Units of one protocol: a working session at the scale, and a PDF of a few pages. */
  maxUnits: 500,
  /** Milligrams: 0.1 g to 1 kg per unit. */
  minTargetNetMg: 100,
  maxTargetNetMg: 1_000_000,
  /** Hundredths of a percent: 0.01 % to 10 %. */
  minToleranceBasisPoints: 1,
  maxToleranceBasisPoints: 1000,
  /** ±2 %, unless the protocol says otherwise. */
  defaultToleranceBasisPoints: 200,
  /** What one weighing may show: 10 kg on the scale. */
  maxWeightMg: 10_000_000,
} as const

// ─── Tolerance ───────────────────────────────────────────────────────────────────────────────

/** What a protocol plans: how many units of which net weight, within which tolerance. */
export interface FillingPlan {
  unitCount: number
  /** Milligrams per unit. */
  targetNetMg: number
  /** Hundredths of a percent: 200 is ±2 %. */
  toleranceBasisPoints: number
}

/** "2 %", "1,5 %". */
export const formatTolerance = (basisPoints: number) => `${formatDecimal(basisPoints / 100)} %`

/** Milligrams as grams to the milligram, three decimals throughout a protocol: `4987` → "4,987 g". */
export const formatWeight = formatWeighedGrams

/** The net weight of a unit: gross minus tare, or null while one of them is missing. */
export const netOf = (unit: { grossMg: number | null; tareMg: number | null }): number | null =>
  unit.grossMg === null || unit.tareMg === null ? null : unit.grossMg - unit.tareMg

type UnitDeviation = 'within' | 'under' | 'over'

/**
 * Whether a net weight is within the plan's tolerance of the target. In integers (|net − target|
 * × 10,000 ≤ target × basis points), so the boundary itself is within: 5.100 g of 5 g ± 2 % is.
 */
export function deviationOf(netMg: number, plan: FillingPlan): UnitDeviation {
  const difference = netMg - plan.targetNetMg
  if (Math.abs(difference) * 10_000 <= plan.targetNetMg * plan.toleranceBasisPoints) return 'within'
  return difference < 0 ? 'under' : 'over'
}

/** The deviation from the target in percent, signed: "−2,4 %", "+0,3 %". */
export function formatDeviation(netMg: number, targetNetMg: number): string {
  const percent = Math.round(((netMg - targetNetMg) / targetNetMg) * 1000) / 10
  if (percent === 0) return '±0 %'
  return `${percent > 0 ? '+' : '−'}${formatDecimal(Math.abs(percent))} %`
}

// ─── Inputs ──────────────────────────────────────────────────────────────────────────────────

const whole = (required: string, tooPrecise: string) =>
  z.number({ error: required }).int(tooPrecise)

export const startFillingSchema = z.object({
  bulkBatchId: z.uuid({ error: 'Bitte wähle die Ausgangscharge.' }),
  unitCount: whole('Bitte gib die Anzahl der Einheiten an.', 'Die Anzahl ist eine ganze Zahl.')
    .min(1, 'Mindestens eine Einheit.')
    .max(fillingLimits.maxUnits, `Höchstens ${fillingLimits.maxUnits} Einheiten je Protokoll.`),
  targetNetMg: whole(
    'Bitte gib das Sollgewicht je Einheit in Gramm an.',
    'Das Sollgewicht ist zu genau (höchstens auf das Milligramm).',
  )
    .min(fillingLimits.minTargetNetMg, 'Mindestens 0,1 g je Einheit.')
    .max(fillingLimits.maxTargetNetMg, 'Höchstens 1 kg je Einheit.'),
  toleranceBasisPoints: whole(
    'Bitte gib die Toleranz in Prozent an.',
    'Die Toleranz hat höchstens zwei Nachkommastellen.',
  )
    .min(fillingLimits.minToleranceBasisPoints, 'Die Toleranz liegt zwischen 0,01 und 10 %.')
    .max(fillingLimits.maxToleranceBasisPoints, 'Die Toleranz liegt zwischen 0,01 und 10 %.')
    .default(fillingLimits.defaultToleranceBasisPoints),
  /** A pack listing of the organisation, or null: "<Sorte>, <Sollgewicht>" is created at confirmation. */
  packListingId: z.uuid({ error: 'Bitte wähle das Packungsprodukt.' }).nullable(),
})
export type StartFillingInput = z.input<typeof startFillingSchema>

const weight = (label: string) =>
  whole(
    `${label}: bitte in Gramm angeben.`,
    `${label} ist zu genau (höchstens auf das Milligramm).`,
  )
    .min(0, `${label} kann nicht negativ sein.`)
    .max(fillingLimits.maxWeightMg, `${label}: dieser Wert ist unplausibel.`)

/** One unit as weighed: both weights or neither (not weighed yet). Milligrams. */
export const fillingUnitSchema = z.object({
  grossMg: weight('Brutto').nullable(),
  tareMg: weight('Tara').nullable(),
  /** What the scale showed as net, if it shows one: it must be gross minus tare. */
  netMg: weight('Netto').nullable().optional(),
  deviationReason: text({
    trim: true,
    max: 300,
    tooLong: 'Die Begründung hat höchstens 300 Zeichen.',
  }),
})

/** The weights of a draft, saved as they are, or handed over for the check (`submit`). */
export const recordFillingSchema = z.object({
  units: z.array(fillingUnitSchema).max(fillingLimits.maxUnits),
  /** Taken out of the bulk container in all: the nets plus the loss (dust, sampling). */
  withdrawnMg: weight('Die entnommene Menge').nullable(),
  lossReason: text({
    trim: true,
    multiline: true,
    max: 500,
    tooLong: 'Der Grund hat höchstens 500 Zeichen.',
  }),
  submit: z.boolean(),
  /** The test record (Prüfprotokoll): both checks are required to hand over. */
  appearanceChecked: z.boolean().default(false),
  labellingChecked: z.boolean().default(false),
  checkNote: text({
    trim: true,
    multiline: true,
    max: 500,
    tooLong: 'Die Bemerkung hat höchstens 500 Zeichen.',
  }).default(''),
})
export type RecordFillingInput = z.input<typeof recordFillingSchema>
export type RecordFilling = z.output<typeof recordFillingSchema>

/**
 * What the ledger says of a confirmed filling's movements: the nets out of the bulk batch, the
 * loss with its reason, and the units into the new batch.
 */
export function fillingMovementReasons(
  protocol: {
    number: string
    unitCount: number
    targetNetMg: number
    packProductName: string
    lossReason: string | null
  },
  bulkBatchNumber: string,
) {
  const plan = `${protocol.unitCount} × ${formatWeight(protocol.targetNetMg)}`
  return {
    out: `Abfüllung ${protocol.number}: ${plan} „${protocol.packProductName}“`,
    loss: `Abfüllverlust ${protocol.number}: ${protocol.lossReason}`,
    in: `Abfüllung ${protocol.number} aus Charge ${bulkBatchNumber}: ${plan}`,
  }
}

export const cancelFillingSchema = z.object({ reason: reasonSchema })
export type CancelFillingInput = z.input<typeof cancelFillingSchema>

/** What the weights add up to: the nets of the weighed units and the loss against the withdrawal. */
export function fillingTotals(
  units: readonly { netMg: number | null }[],
  withdrawnMg: number | null,
) {
  const weighed = units.filter((unit) => unit.netMg !== null)
  const netTotalMg = weighed.reduce((sum, unit) => sum + (unit.netMg as number), 0)
  return {
    weighedUnits: weighed.length,
    netTotalMg,
    lossMg: withdrawnMg === null ? null : withdrawnMg - netTotalMg,
  }
}

/**
 * What is wrong with the weights of the plan's units (one entry each, in order), by field
 * (`units.3.deviationReason`, `withdrawnMg` …): a unit
 * with only one of its weights, a net of zero or less, a printed net that is not gross minus tare,
 * a unit outside the tolerance without a reason, a withdrawal below the nets. Handed over for the
 * check (`submit`), every unit must be weighed, the withdrawal given, a loss explained and the
 * test record's checks (appearance, identity and labelling) confirmed.
 */
export function fillingWeightProblems(
  plan: FillingPlan,
  input: Pick<
    RecordFilling,
    'units' | 'withdrawnMg' | 'lossReason' | 'submit' | 'appearanceChecked' | 'labellingChecked'
  >,
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (input.submit && !input.appearanceChecked) {
    errors.appearanceChecked = 'Bitte das Aussehen der Einheiten prüfen und bestätigen.'
  }
  if (input.submit && !input.labellingChecked) {
    errors.labellingChecked =
      'Bitte Identität und Kennzeichnung der Einheiten prüfen und bestätigen.'
  }
  const nets: { netMg: number | null }[] = []
  input.units.forEach((unit, index) => {
    const at = (field: string) => `units.${index}.${field}`
    const netMg = netOf(unit)
    nets.push({ netMg: netMg !== null && netMg > 0 ? netMg : null })
    if (unit.grossMg === null && unit.tareMg === null) {
      if (input.submit) errors[at('grossMg')] = 'Bitte Brutto und Tara dieser Einheit angeben.'
      return
    }
    if (unit.grossMg === null) errors[at('grossMg')] = 'Bitte das Bruttogewicht angeben.'
    if (unit.tareMg === null) errors[at('tareMg')] = 'Bitte die Tara angeben.'
    if (netMg === null) return
    if (netMg <= 0) {
      errors[at('grossMg')] = 'Brutto muss größer als die Tara sein.'
      return
    }
    if (unit.netMg !== undefined && unit.netMg !== null && unit.netMg !== netMg) {
      errors[at('netMg')] = `Netto ist Brutto minus Tara: ${formatWeight(netMg)}.`
    }
    if (deviationOf(netMg, plan) !== 'within' && !unit.deviationReason) {
      errors[at('deviationReason')] =
        `${formatDeviation(netMg, plan.targetNetMg)} liegt außerhalb der Toleranz von ±${formatTolerance(plan.toleranceBasisPoints)}: bitte begründen.`
    }
  })
  const { netTotalMg, lossMg } = fillingTotals(nets, input.withdrawnMg)
  if (input.withdrawnMg === null) {
    if (input.submit) errors.withdrawnMg = 'Bitte die entnommene Menge angeben.'
  } else if (lossMg !== null && lossMg < 0) {
    errors.withdrawnMg = `Entnommen wurde mindestens die Summe der Nettogewichte: ${formatWeight(netTotalMg)}.`
  } else if (input.submit && lossMg !== null && lossMg > 0 && !input.lossReason) {
    errors.lossReason = `Bitte den Verlust von ${formatWeight(lossMg)} begründen (z. B. Staub, Probenahme).`
  }
  return errors
}

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────

/** A bulk batch that can be filled now: released, unexpired, flowers kept loose by the gram. */
export interface FillingBulkBatchOption {
  batchId: string
  batchNumber: string
  productName: string
  expiryDate: string | null
  harvestDate: string | null
  thcContent: number | null
  cbdContent: number | null
  cannabinoidUnit: CannabinoidUnit | null
  /** Milligrams not held by a reservation. */
  availableMg: number
}

/** The pack products units of a bulk batch can become, for a target weight. */
export interface FillingPackChoice {
  /** Listings sold per pack of this net weight, of the same variety. */
  listings: { listingId: string; productName: string }[]
  /** "Salbeistern, 5 g": created at the confirmation when no listing is chosen. */
  newProductName: string
  /** Whether that product exists already (it is then among `listings`, and chosen instead). */
  newProductListed: boolean
}

export interface FillingProtocolRow {
  id: string
  number: string
  status: FillingProtocolStatus
  startedAt: string
  bulkProductName: string
  bulkBatchNumber: string
  packProductName: string
  unitCount: number
  targetNetMg: number
  filledByName: string | null
}

export type FillingProtocolList = ListResult<FillingProtocolRow>

export interface FillingUnit {
  position: number
  grossMg: number | null
  tareMg: number | null
  netMg: number | null
  deviationReason: string | null
}

/** One protocol as its page and its PDF show it, with what the viewer may do now. */
export interface FillingProtocolDetail extends FillingPlan {
  id: string
  number: string
  status: FillingProtocolStatus
  organisationName: string
  bulk: {
    batchId: string
    batchNumber: string
    productName: string
    expiryDate: string | null
    harvestDate: string | null
    testNumber: string | null
    thcContent: number | null
    cbdContent: number | null
    cannabinoidUnit: CannabinoidUnit | null
  }
  pack: {
    listingId: string | null
    productName: string
  }
  units: FillingUnit[]
  withdrawnMg: number | null
  lossReason: string | null
  netTotalMg: number
  lossMg: number | null
  filledByName: string | null
  startedAt: string
  submittedAt: string | null
  confirmedByName: string | null
  confirmedAt: string | null
  filledBatch: { id: string; batchNumber: string } | null
  cancelledByName: string | null
  cancelledAt: string | null
  cancelReason: string | null
  actions: {
    /** The person filling weighs and hands over a draft. */
    record: boolean
    /** A second person of the organisation checks what was handed over. */
    confirm: boolean
    cancel: boolean
  }
  /** The preparation instruction's version the filling follows, or null (clubs, older protocols). */
  instruction: { version: number; text: string; createdAt: string } | null
  /** The test record of the hand-over: checked by the person filling at `submittedAt`. */
  testRecord: {
    appearanceChecked: boolean
    labellingChecked: boolean
    note: string | null
  }
  /**
   * Why the viewer may not confirm a protocol waiting for its check (they filled it, or in a
   * pharmacy they are not a pharmacist), or null.
   */
  fourEyesNote: string | null
}

// ─── Defektur (ADR 064) ──────────────────────────────────────────────────────────────────────

/** § 21 Abs. 2 Nr. 1 AMG: packs a pharmacy may pre-fill of one product on one day. */
export const defekturDailyPackLimit = 100

/** The refusal of a hand-over beyond the day's limit, naming what is left today. */
export function defekturLimitMessage(productName: string, left: number, asked: number): string {
  const leftText =
    left === 0
      ? 'heute keine Packung mehr'
      : `heute nur noch ${left} ${left === 1 ? 'Packung' : 'Packungen'}`
  return `Ohne Herstellungserlaubnis dürfen je Produkt und Tag höchstens ${defekturDailyPackLimit} abgabefertige Packungen vorab abgefüllt werden (§ 21 Abs. 2 Nr. 1 AMG): Von „${productName}“ ${left <= 1 ? 'darf' : 'dürfen'} ${leftText} abgefüllt werden, dieses Protokoll hat ${asked}.`
}

/** The filled mass check of the test record, from the weighings: "5 von 5 Einheiten innerhalb ±2 %". */
export function fillMassCheckResult(
  protocol: Pick<FillingProtocolDetail, 'units' | keyof FillingPlan>,
) {
  const nets = protocol.units.flatMap((unit) => (unit.netMg === null ? [] : [unit.netMg]))
  const outside = nets.filter((net) => deviationOf(net, protocol) !== 'within').length
  const within = `${nets.length - outside} von ${protocol.unitCount} Einheiten innerhalb ±${formatTolerance(protocol.toleranceBasisPoints)}`
  return outside ? `${within}, ${outside} außerhalb mit Begründung` : within
}

/** "Aussehen: geprüft, in Ordnung" for a check of the test record. */
export const testCheckText = (checked: boolean) =>
  checked ? 'geprüft, in Ordnung' : 'nicht geprüft'

export const preparationInstructionSchema = z.object({
  organisationProductId: z.uuid({ error: 'Bitte wähle das Produkt.' }),
  text: text({
    trim: true,
    multiline: true,
    required: 'Bitte beschreibe die Herstellung.',
    max: 10_000,
    tooLong: 'Die Herstellungsanweisung hat höchstens 10.000 Zeichen.',
  }),
})
export type PreparationInstructionInput = z.input<typeof preparationInstructionSchema>

/** One version of a product's preparation instruction. */
export interface PreparationInstructionVersion {
  id: string
  version: number
  text: string
  createdByName: string | null
  createdAt: string
}

/** A product filled from and its instruction's versions, newest first. */
export interface PreparationInstructionProduct {
  organisationProductId: string
  productName: string
  versions: PreparationInstructionVersion[]
}

export const fourEyesMessage =
  'Vier-Augen-Prinzip: Die Abfüllung bestätigt eine zweite Person der Organisation, nicht die abfüllende Person.'
