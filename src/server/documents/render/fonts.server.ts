import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { documentFontCodePoints } from './font-characters'

/**
 * The one font of every generated PDF (ADR 053): Inter regular and bold, cut at build time by
 * `npm run fonts:subset` to the characters of `font-characters.ts` and embedded whole — pdf-lib's
 * own subsetter (fontkit) wrote glyphs without outlines. Fully embedded, as PDF/A-3 (Factur-X)
 * requires. Read once per process, relative to the project directory like the migrations.
 */
export const documentFontDirectory = path.resolve(
  process.cwd(),
  'src/server/documents/render/fonts',
)

export const documentFontFiles = {
  regular: 'Inter-Regular.ttf',
  bold: 'Inter-Bold.ttf',
} as const

/**
 * The names the fonts are embedded under. The tag marks them as subsets (ISO 32000 9.6.4) and
 * tells them apart from the broken ones pdf-lib named `Inter-Regular-1234` (ADR 053).
 */
export const documentFontNames = {
  regular: 'BLATTW+Inter-Regular',
  bold: 'BLATTW+Inter-Bold',
} as const

export interface DocumentFontBytes {
  regular: Uint8Array
  bold: Uint8Array
}

let fonts: Promise<DocumentFontBytes> | undefined

export function documentFonts(): Promise<DocumentFontBytes> {
  fonts ??= Promise.all([
    readFile(path.join(documentFontDirectory, documentFontFiles.regular)),
    readFile(path.join(documentFontDirectory, documentFontFiles.bold)),
  ])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      // A failed read must not stick: the next document tries again.
      fonts = undefined
      throw error
    })
  return fonts
}

const drawable = new Set(documentFontCodePoints)

/** What stands on the page for a character the font does not have. */
const missingCharacterReplacement = '?'

/**
 * `text` as the fonts can draw it: a character outside the subset (a name in Cyrillic, an emoji)
 * becomes a visible replacement rather than an empty glyph, and invisible format characters (soft
 * hyphen, zero-width space) and line breaks within a line are dropped or become spaces.
 */
export function drawableText(text: string): string {
  let result = ''
  for (const character of text.normalize('NFC')) {
    const codePoint = character.codePointAt(0) as number
    if (drawable.has(codePoint)) result += character
    else if (/[\t\n\r\v\f\u2028\u2029]/.test(character)) result += ' '
    else if (/\p{Default_Ignorable_Code_Point}|\p{Cc}/u.test(character)) continue
    else result += missingCharacterReplacement
  }
  return result
}
