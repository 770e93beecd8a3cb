import { z } from 'zod'
import { prefixedNumberSeries } from './number-series'

/** The owner's choice of a series' prefix (ADR 058), parsed by the settings form and the service. */

export const numberPrefixMessage =
  'Das Kürzel hat 2 bis 6 Zeichen: Großbuchstaben und Ziffern, beginnend mit einem Buchstaben, z. B. AG.'

export const numberPrefixSchema = z.object({
  series: z.enum(prefixedNumberSeries, { error: 'Diesen Nummernkreis gibt es nicht.' }),
  prefix: z
    .string({ error: numberPrefixMessage })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9]{1,5}$/, numberPrefixMessage),
})
export type NumberPrefixInput = z.input<typeof numberPrefixSchema>
