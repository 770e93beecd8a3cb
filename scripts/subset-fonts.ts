// `npm run fonts:subset`: cuts the documents' font (Inter regular and bold) down to the
// characters of `src/server/documents/render/font-characters.ts` with HarfBuzz's subsetter and
// writes the result, which is committed, to `src/server/documents/render/fonts/` (ADR 053).
// Run it after changing the character list or the Inter package; nothing subsets at run time.
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import subsetFont from 'subset-font'
import { documentFontCodePoints } from '../src/server/documents/render/font-characters'
import {
  documentFontDirectory,
  documentFontFiles,
} from '../src/server/documents/render/fonts.server'

const require = createRequire(import.meta.url)
const sources = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
} as const

const text = String.fromCodePoint(...documentFontCodePoints)
for (const weight of ['regular', 'bold'] as const) {
  const source = await readFile(require.resolve(sources[weight]))
  const subset = await subsetFont(source, text, {
    targetFormat: 'sfnt',
    // pdf-lib places glyphs by their advance widths and applies no positioning; substitutions
    // (contextual alternates) would only put glyphs on the page that the text does not name.
    keepFeatures: [],
  })
  const font = fontkit.create(subset)
  const missing = documentFontCodePoints.filter(
    (codePoint) => !font.hasGlyphForCodePoint(codePoint),
  )
  if (missing.length > 0) {
    throw new Error(
      `Inter ${weight} lacks ${missing.map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`).join(', ')}`,
    )
  }
  const target = path.join(documentFontDirectory, documentFontFiles[weight])
  await writeFile(target, subset)
  console.log(
    `${path.relative(process.cwd(), target)}: ${font.numGlyphs} glyphs, ${subset.byteLength} bytes (from ${source.byteLength})`,
  )
}
await copyFile(
  require.resolve('@expo-google-fonts/inter/LICENSE_FONT'),
  path.join(documentFontDirectory, 'OFL.txt'),
)
