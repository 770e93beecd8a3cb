import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

/**
 * Inter as TrueType from `@expo-google-fonts/inter` (the UI's typeface; the @fontsource packages
 * ship only WOFF/WOFF2, which pdf-lib's fontkit cannot embed). PDF/A needs every font embedded,
 * and Inter covers €, umlauts and ß. Read once per process; pdf-lib embeds only the glyphs used.
 */
const require = createRequire(import.meta.url)

export interface DocumentFontBytes {
  regular: Uint8Array
  bold: Uint8Array
}

let fonts: Promise<DocumentFontBytes> | undefined

export function documentFonts(): Promise<DocumentFontBytes> {
  fonts ??= Promise.all([
    readFile(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
    readFile(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
  ])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      // A failed read must not stick: the next document tries again.
      fonts = undefined
      throw error
    })
  return fonts
}
