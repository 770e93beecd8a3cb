/**
 * The prefixes of an organisation's number series (ADR 058): each series has its own, so that an
 * "Auftragsbestätigung AB-2026-00001" and an "Abgabe AG-2026-00001" can never be confused. The
 * owner may choose a series' prefix until its first number is taken; from then on it is fixed,
 * because the numbers already issued carry it. Shared by the settings page and the service.
 */

export const prefixedNumberSeries = [
  'invoice',
  'credit_note',
  'delivery_note',
  'order_confirmation',
  'customer_order',
  'purchase_order',
  'hand_out',
  'filling',
  'harvest',
] as const
export type PrefixedNumberSeries = (typeof prefixedNumberSeries)[number]

/** The prefix of a series nobody has chosen one for. */
export const defaultNumberPrefixes: Record<PrefixedNumberSeries, string> = {
  invoice: 'RE',
  credit_note: 'RK',
  delivery_note: 'LS',
  order_confirmation: 'AB',
  customer_order: 'AU',
  purchase_order: 'EK',
  hand_out: 'AG',
  filling: 'AF',
  harvest: 'ER',
}

export const numberSeriesLabels: Record<PrefixedNumberSeries, string> = {
  invoice: 'Rechnungen und Stornorechnungen',
  credit_note: 'Rechnungskorrekturen',
  delivery_note: 'Lieferscheine',
  order_confirmation: 'Auftragsbestätigungen',
  customer_order: 'Kundenaufträge',
  purchase_order: 'Bestellungen beim Lieferanten',
  hand_out: 'Abgaben (Abgabedokumentation)',
  filling: 'Abfüllprotokolle',
  harvest: 'Ernten (Chargennummern)',
}

/** `EK-2026-00042`: prefix, year and the number with five digits. */
export const formatDocumentNumber = (prefix: string, year: number, value: number) =>
  `${prefix}-${year}-${String(value).padStart(5, '0')}`

/** One series as the settings page shows it. */
export interface NumberSeriesSetting {
  series: PrefixedNumberSeries
  label: string
  prefix: string
  /** The next number of this year's series, e.g. `AG-2026-00001`. */
  nextNumber: string
  /** ISO timestamp since when the prefix is fixed (the first number taken); null: still open. */
  lockedAt: string | null
}

export interface NumberSeriesSettings {
  series: NumberSeriesSetting[]
  /** Only the owner chooses prefixes. */
  editable: boolean
}

export const numberPrefixLockedMessage = (label: string, prefix: string) =>
  `Das Kürzel der ${label} ist festgelegt: Es wurden bereits Nummern mit „${prefix}“ vergeben, und ausgestellte Dokumente behalten ihre Nummer. Ein Kürzel lässt sich nur vor dem ersten Dokument eines Nummernkreises wählen.`

export const numberPrefixTakenMessage = (prefix: string, label: string) =>
  `Das Kürzel „${prefix}“ verwenden bereits die ${label}. Jeder Nummernkreis braucht sein eigenes Kürzel, damit keine Nummer doppelt vorkommt.`

/** The series an organisation of this category keeps (clubs sell nothing and invoice nobody). */
export function numberSeriesOf(category: string): PrefixedNumberSeries[] {
  return prefixedNumberSeries.filter((series) => {
    if (series === 'harvest') return category === 'club'
    if (series === 'hand_out') return category === 'club' || category === 'pharmacy'
    if (series === 'purchase_order' || series === 'filling') return true
    return category !== 'club'
  })
}
