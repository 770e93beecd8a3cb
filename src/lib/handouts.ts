import { z } from 'zod'
import type { PrescribedPreparation } from './customer-enums'
import { ageOn } from './customers'
import { formatDate } from './format'
import type { HandoutAgeClass, HandoutStatus } from './handout-lists'
import type { ListResult } from './list-query'
import type { ProductCategory } from './product-lists'
import { type CannabinoidUnit, formatCannabinoid, formatPackSize, type PackUnit } from './products'
import { reasonSchema } from './stock-schemas'
import { text } from './text-schema'

/**
 * A club's hand-outs to its members (Abgabe, KCanG): the limits, the arithmetic of what remains,
 * the inputs of the services and the shapes they answer. The form shows the same remaining
 * amounts and messages the service refuses with, because both compute them here.
 */

export * from './handout-lists'

// ─── Limits (KCanG) ──────────────────────────────────────────────────────────────────────────

/** Quantities in milligrams (base units, areas.md). */
export const handoutLimits = {
  /** Per member and calendar day (Europe/Berlin), whatever the age. */
  dailyMg: 25_000,
  /** Per member and calendar month from 21. */
  monthlyMg: 50_000,
  /** Per member and calendar month from 18 to 20. */
  youngAdultMonthlyMg: 30_000,
  /** The highest THC content members aged 18 to 20 may receive. */
  youngAdultMaxThcPercent: 10,
  /** From this age on the hand-out day a member is no longer a young adult. */
  adultFromAge: 21,
  /** Nobody younger is a member (KCanG). */
  minimumAge: 18,
} as const

export const handoutAgeClassLabels: Record<HandoutAgeClass, string> = {
  young_adult: '18 bis 20 Jahre',
  adult: 'ab 21 Jahren',
}

/** The age class of a member on the hand-out day (both `YYYY-MM-DD`). */
export function ageClassOn(birthDate: string, day: string): HandoutAgeClass {
  return ageOn(birthDate, day) < handoutLimits.adultFromAge ? 'young_adult' : 'adult'
}

export interface HandoutRules {
  dailyMg: number
  monthlyMg: number
  /** Null: no THC limit. */
  maxThcPercent: number | null
}

export function handoutRulesFor(ageClass: HandoutAgeClass): HandoutRules {
  return ageClass === 'young_adult'
    ? {
        dailyMg: handoutLimits.dailyMg,
        monthlyMg: handoutLimits.youngAdultMonthlyMg,
        maxThcPercent: handoutLimits.youngAdultMaxThcPercent,
      }
    : { dailyMg: handoutLimits.dailyMg, monthlyMg: handoutLimits.monthlyMg, maxThcPercent: null }
}

/** What a member has received (not cancelled) on the day and in the month, in mg. */
export interface HandoutUsage {
  dayMg: number
  monthMg: number
}

export interface HandoutRemaining {
  dayMg: number
  monthMg: number
  /** What may still be handed out right now: the smaller of the two. */
  nowMg: number
}

export function remainingOf(rules: HandoutRules, usage: HandoutUsage): HandoutRemaining {
  const dayMg = Math.max(0, rules.dailyMg - usage.dayMg)
  const monthMg = Math.max(0, rules.monthlyMg - usage.monthMg)
  return { dayMg, monthMg, nowMg: Math.min(dayMg, monthMg) }
}

/** Milligrams as grams: `4500` → "4,5 g". */
export const formatGrams = (mg: number) => formatPackSize(mg, 'g')

/**
 * Why `quantityMg` more would break a limit, with what remains; null when it fits. The limit that
 * is reached first speaks: the day's when less remains today than this month.
 */
export function limitRefusal(
  rules: HandoutRules,
  usage: HandoutUsage,
  quantityMg: number,
): string | null {
  const remaining = remainingOf(rules, usage)
  if (quantityMg <= remaining.nowMg) return null
  if (remaining.dayMg <= remaining.monthMg) {
    return `Das überschreitet die Tageshöchstmenge von ${formatGrams(rules.dailyMg)}: Heute sind noch ${formatGrams(remaining.dayMg)} möglich.`
  }
  const who = rules.maxThcPercent === null ? '' : ' für 18- bis 20-Jährige'
  return `Das überschreitet die Monatshöchstmenge von ${formatGrams(rules.monthlyMg)}${who}: In diesem Monat sind noch ${formatGrams(remaining.monthMg)} möglich.`
}

/** A measured THC content as a percentage by weight; null when the unit says nothing about it. */
export function thcPercentOf(content: number, unit: CannabinoidUnit): number | null {
  if (unit === 'percent') return content
  if (unit === 'mg_per_g') return content / 10
  return null
}

/** Why a batch may not go to a member of these rules (THC), or null. */
export function thcRefusal(
  rules: HandoutRules,
  batch: { batchNumber: string; thcContent: number; cannabinoidUnit: CannabinoidUnit },
): string | null {
  if (rules.maxThcPercent === null) return null
  const percent = thcPercentOf(batch.thcContent, batch.cannabinoidUnit)
  if (percent !== null && percent <= rules.maxThcPercent) return null
  return `Charge ${batch.batchNumber} hat ${formatCannabinoid(batch.thcContent, batch.cannabinoidUnit)} THC: Mitglieder zwischen 18 und 20 Jahren dürfen nur Cannabis mit höchstens ${rules.maxThcPercent} % THC erhalten.`
}

/** The first day of the calendar month of `day` and of the month after (`YYYY-MM-DD`). */
export function calendarMonthOf(day: string): { first: string; next: string } {
  const [year, month] = day.split('-').map(Number) as [number, number]
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`
  return { first: `${day.slice(0, 7)}-01`, next: `${next}-01` }
}

// ─── Inputs ──────────────────────────────────────────────────────────────────────────────────

export const createHandoutSchema = z.object({
  customerId: z.uuid({ error: 'Bitte wähle ein Mitglied.' }),
  batchId: z.uuid({ error: 'Bitte wähle eine Charge.' }),
  /** Milligrams. */
  quantity: z
    .number({ error: 'Bitte gib die Menge in Gramm an.' })
    .int('Die Menge ist zu genau (höchstens auf das Milligramm).')
    .positive('Die Menge muss größer als null sein.')
    .max(handoutLimits.dailyMg, 'Mehr als 25 g am Tag erlaubt das Konsumcannabisgesetz nicht.'),
  /** Membership card and official photo ID were checked at the counter (KCanG). */
  identityChecked: z.literal(true, {
    error: 'Bitte bestätige, dass du Mitgliedsausweis und amtlichen Lichtbildausweis geprüft hast.',
  }),
})
export type CreateHandoutInput = z.input<typeof createHandoutSchema>

/** The reason a cancellation records, as for stock corrections. */
export const cancelHandoutSchema = z.object({ reason: reasonSchema })
export type CancelHandoutInput = z.input<typeof cancelHandoutSchema>

/**
 * A club cancels a hand-out only on its own Berlin calendar day: a cancellation frees the
 * member's allowance, and a later one would let grams handed out last week be handed out again.
 */
export const isCancellableOn = (handedOutOn: string, day: string): boolean => handedOutOn === day

/** Why a hand-out of an earlier day cannot be cancelled, and what to do instead. */
export const lateCancelRefusal = (number: string, handedOutOn: string): string =>
  `Die Abgabe ${number} vom ${formatDate(handedOutOn)} lässt sich nur am Tag der Abgabe stornieren. Eine spätere Berichtigung ist eine Bestandskorrektur (Bestand › Charge › Korrektur) und gibt dem Mitglied keine Abgabemenge zurück.`

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────

/** A member as the hand-out's search offers them. */
export interface HandoutMemberOption {
  id: string
  number: string
  displayName: string
  membershipNumber: string | null
  active: boolean
}

/** A member at the counter: who, how old, and what they may still receive today. */
export interface MemberAllowance {
  member: HandoutMemberOption & {
    ageClass: HandoutAgeClass | null
    joinedOn: string | null
    idCheckedOn: string | null
  }
  /** The hand-out day in Europe/Berlin (`YYYY-MM-DD`). */
  day: string
  rules: HandoutRules
  usage: HandoutUsage
  remaining: HandoutRemaining
  /** Why the member gets nothing today whatever the amount (inactive, no ID check …); else null. */
  refusal: string | null
}

/** A batch of the club's own harvest that can be handed out now. */
export interface HandoutBatchOption {
  batchId: string
  batchNumber: string
  organisationProductId: string
  productName: string
  pzn: string | null
  /** Weighed goods only (packed in g). */
  packBaseUnits: number
  harvestDate: string | null
  expiryDate: string | null
  thcContent: number
  cbdContent: number
  cannabinoidUnit: CannabinoidUnit
  /** Milligrams not held by a reservation. */
  availableMg: number
  /** Why this batch may not go to the chosen member (THC for 18–20), or null. */
  refusal: string | null
}

export interface HandoutRow {
  id: string
  number: string
  handedOutAt: string
  memberId: string
  memberNumber: string
  memberName: string
  productName: string
  batchNumber: string
  quantity: number
  packUnit: PackUnit
  thcContent: number | null
  cannabinoidUnit: CannabinoidUnit
  status: HandoutStatus
  /** A pharmacy's dispensing: the completed order it belongs to. */
  orderNumber: string | null
}

export type HandoutList = ListResult<HandoutRow>

interface HandoutRecordFacts {
  id: string
  number: string
  handedOutAt: string
  handedOutOn: string
  handedOutByName: string | null
  /** The club's member, or the pharmacy's patient. */
  member: {
    id: string
    number: string
    displayName: string
    membershipNumber: string | null
    anonymised: boolean
  }
  productName: string
  cultivar: string | null
  /** The variety's listing: with the batch number it names the batch in the label's code. */
  organisationProductId: string
  batchId: string
  batchNumber: string
  harvestDate: string | null
  expiryDate: string | null
  quantity: number
  packUnit: PackUnit
  thcContent: number | null
  cbdContent: number | null
  cannabinoidUnit: CannabinoidUnit
  status: HandoutStatus
  cancelledAt: string | null
  cancelledByName: string | null
  cancelReason: string | null
  /** Whose label it is: the club or the pharmacy, with its address. */
  organisation: {
    name: string
    street: string | null
    postalCode: string | null
    city: string | null
    licenceNumber: string | null
  }
}

/** What the label of § 14 ApBetrO adds for a pharmacy's dispensing on prescription. */
export interface DispensingLabel {
  formOfUse: string
  dosage: string | null
  prescriberName: string
  prescriberAddress: string | null
  preparedOn: string
  useBy: string | null
  storageNote: string
}

/** One hand-out as its record and label show it. */
export type HandoutRecord =
  | (HandoutRecordFacts & {
      kind: 'club'
      ageClass: HandoutAgeClass
      /** Still its Berlin calendar day, so staff may cancel it (`isCancellableOn`). */
      cancellable: boolean
      /** What goes with it: the club's adapted information, else the template. */
      information: string
    })
  | (HandoutRecordFacts & {
      kind: 'pharmacy'
      order: { id: string; number: string }
      label: DispensingLabel
    })

/** What one hand-out gave: "5 g", "10 ml". */
export const handoutQuantity = (handout: { quantity: number; packUnit: PackUnit }) =>
  formatPackSize(handout.quantity, handout.packUnit)

// ─── The label of a pharmacy's dispensing (§ 14 ApBetrO) ─────────────────────────────────────

/** How the patient uses it, as the label states it; the prescription's directions say how much. */
export const formOfUseByCategory: Record<ProductCategory, string> = {
  flower: 'Zur Inhalation nach Verdampfung oder zur Teezubereitung',
  extract: 'Zum Einnehmen',
  cbd_solution: 'Zum Einnehmen',
  dronabinol: 'Zum Einnehmen',
  accessory: 'Zur Anwendung nach Anweisung',
}

/** The form of use of the prescribed preparation (NRF 22.12.–22.15.), as the label states it. */
export const formOfUseByPreparation: Record<PrescribedPreparation, string> = {
  unground: 'Unzerkleinert, zur Inhalation nach Verdampfung',
  ground: 'Zerkleinert, zur Inhalation nach Verdampfung (NRF 22.12.)',
  single_doses: 'In Einzeldosen, zur Inhalation nach Verdampfung (NRF 22.13.)',
  tea: 'Zur Teezubereitung (NRF 22.14.)',
  tea_single_doses: 'In Einzeldosen, zur Teezubereitung (NRF 22.15.)',
  extract: 'Extrakt, zum Einnehmen',
}

/** Which lines a prescribed preparation describes: flower forms the flowers, `extract` the extracts. */
const categoryOfPreparation = (preparation: PrescribedPreparation): ProductCategory =>
  preparation === 'extract' ? 'extract' : 'flower'

/**
 * The label's form of use of a line: the prescription's preparation where it describes the
 * line's category, otherwise the category's general one.
 */
export const formOfUseOf = (
  category: ProductCategory,
  preparation: PrescribedPreparation | null,
) =>
  preparation && categoryOfPreparation(preparation) === category
    ? formOfUseByPreparation[preparation]
    : formOfUseByCategory[category]

const outOfReach = 'Für Kinder unzugänglich aufbewahren.'

/** How to keep it until its use-by date. */
export const storageNoteByCategory: Record<ProductCategory, string> = {
  flower: `Dicht verschlossen, trocken, vor Licht geschützt und nicht über 25 °C lagern. ${outOfReach}`,
  extract: `Dicht verschlossen, vor Licht geschützt und nicht über 25 °C lagern. ${outOfReach}`,
  cbd_solution: `Dicht verschlossen, vor Licht geschützt und nicht über 25 °C lagern. ${outOfReach}`,
  dronabinol: `Im Kühlschrank (2 bis 8 °C) und vor Licht geschützt lagern. ${outOfReach}`,
  accessory: `Trocken lagern. ${outOfReach}`,
}

// ─── What goes with the product (KCanG) ──────────────────────────────────────────────────────

/**
 * The information a club gives with every hand-out (§ 21 Abs. 3 KCanG): risks, interactions with
 * medicines, use and dosage, advice services — neutral, no advertising. A club adapts it in its
 * organisation settings; the record prints the club's text, else this one. Sections are
 * separated by a blank line, each begins with its heading.
 */
export const handoutInformationTemplate = `Risiken des Konsums
Cannabis kann abhängig machen. Regelmäßiger Konsum kann Gedächtnis, Aufmerksamkeit und Lernfähigkeit beeinträchtigen – besonders bis zum Alter von etwa 25 Jahren, solange sich das Gehirn noch entwickelt.
Cannabis kann Psychosen und Angststörungen auslösen oder verstärken, besonders bei hohem THC-Gehalt und entsprechender Veranlagung.
Nach dem Konsum nicht Auto fahren und keine Maschinen bedienen. Nicht in Schwangerschaft und Stillzeit konsumieren. Für Kinder und Jugendliche unzugänglich aufbewahren; die Weitergabe an andere ist verboten.

Wechselwirkungen mit Medikamenten
THC und CBD können die Wirkung anderer Arzneimittel verstärken oder abschwächen, zum Beispiel von Beruhigungs- und Schlafmitteln, Antidepressiva, Mitteln gegen Epilepsie, Blutverdünnern und Schmerzmitteln (Opioiden). Wenn du Medikamente nimmst, frag vor dem Konsum deine Ärztin, deinen Arzt oder deine Apotheke.
Nicht mit Alkohol oder anderen Substanzen mischen: Die Wirkungen verstärken sich gegenseitig.

Anwendung und Dosierung
Fang mit einer kleinen Menge an und warte die Wirkung ab, bevor du mehr nimmst: Beim Rauchen oder Verdampfen setzt sie nach Minuten ein, beim Essen oder Trinken erst nach 30 bis 90 Minuten und hält viele Stunden an.
Verdampfen belastet die Lunge weniger als Rauchen; nicht mit Tabak mischen. Je höher der THC-Gehalt, desto stärker die Wirkung und die Risiken.
Trocken, dunkel und kühl in der verschlossenen Verpackung lagern und bis zum Mindesthaltbarkeitsdatum verbrauchen.

Beratung und Hilfe
Sucht & Drogen Hotline: 01806 313031 (rund um die Uhr, 0,20 € pro Anruf aus dem Festnetz)
Informationen zu Cannabis: www.infos-cannabis.de
Anonyme Online-Beratung: www.drugcom.de
Suchtberatungsstellen in deiner Nähe: www.suchthilfeverzeichnis.de
Im Verein: deine Ansprechperson für Prävention`

/** The topics § 21 Abs. 3 KCanG asks for: an adapted text keeps a section for each. */
const handoutInformationTopics = ['Risiken', 'Wechselwirkungen', 'Dosierung', 'Beratung'] as const

/** A club's adapted information; null resets it to the template. */
export const handoutInformationSchema = z.object({
  text: text({
    trim: true,
    multiline: true,
    required: 'Bitte gib den Text der Information ein.',
    max: 10_000,
    tooLong: 'Die Information hat höchstens 10.000 Zeichen.',
  })
    .check((ctx) => {
      const missing = handoutInformationTopics.filter(
        (topic) => !ctx.value.toLowerCase().includes(topic.toLowerCase()),
      )
      if (missing.length > 0) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `Die Information muss Risiken, Wechselwirkungen mit Medikamenten, Anwendung und Dosierung sowie Beratungsangebote behandeln (§ 21 Abs. 3 KCanG). Es fehlt: ${missing.join(', ')}.`,
        })
      }
    })
    .nullable(),
})
export type HandoutInformationInput = z.input<typeof handoutInformationSchema>

/** The information's sections: heading and lines. */
export function handoutInformationSections(information: string) {
  return information
    .split(/\n\s*\n/)
    .map((section) =>
      section
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map(([heading, ...lines]) => ({ heading: heading as string, lines }))
}
