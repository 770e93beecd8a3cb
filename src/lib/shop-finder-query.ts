import { maxSearchLength } from './list-query'
import { text } from './text-schema'

/** What a finder search asks for: every shop, those around a postcode, or a name or town. */
export type ShopFinderQuery =
  | { kind: 'all' }
  | { kind: 'postcode'; postcode: string }
  | { kind: 'text'; text: string }

const postcodeMessage = 'Bitte geben Sie die Postleitzahl mit fünf Ziffern ein, z. B. 10115.'

/**
 * Reads the finder's search (server only; the route's parser stays zod-free, ADR 012): digits
 * must be a whole postcode, "10115 Berlin" is read as its postcode, anything else is a name or a
 * town. The messages are shown at the search field.
 */
export const shopFinderQuery = text({
  trim: true,
  max: maxSearchLength,
  tooLong: `Bitte geben Sie höchstens ${maxSearchLength} Zeichen ein.`,
})
  .refine((q) => !/^\d+$/.test(q) || q.length === 5, postcodeMessage)
  .refine(
    (q) => q === '' || /[\p{L}\d]/u.test(q),
    'Bitte geben Sie einen Namen, eine Stadt oder eine Postleitzahl ein.',
  )
  .transform((q): ShopFinderQuery => {
    const postcode = /^(\d{5})(?:[\s,]|$)/.exec(q)?.[1]
    if (postcode) return { kind: 'postcode', postcode }
    return q ? { kind: 'text', text: q } : { kind: 'all' }
  })
