import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as mupdf from 'mupdf'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/**
 * What a person sees of a PDF, rendered by MuPDF (WASM): every page as a bitmap, every character
 * of the text layer checked for ink, and one page compared with a reviewed reference image.
 * The text layer alone proves nothing: a font whose glyphs have no outline still extracts
 * perfectly (issue 28).
 */

/** A character of the text layer whose glyph box holds no ink in the rendered page. */
export interface UndrawnCharacter {
  page: number
  character: string
  /** The text line it sits in, for the failure message. */
  line: string
}

/** Scale of the ink check: 3 × 72 dpi, so a 5.5 pt full stop still covers a few pixels. */
const inkScale = 3
/** A pixel is ink when any channel is this much darker than the white page. */
const inkThreshold = 255 - 40
/** Share of a glyph's advance box cut off on each side, so a neighbour's overhang is not counted. */
const horizontalInset = 0.2

/**
 * The page's text alone, drawn on white: lines, boxes and images are left out, so a rule below
 * a table header cannot stand in for the letters above it.
 */
function textOnlyPixels(page: mupdf.Page) {
  const matrix = mupdf.Matrix.scale(inkScale, inkScale)
  const pixmap = new mupdf.Pixmap(
    mupdf.ColorSpace.DeviceRGB,
    mupdf.Rect.transform(page.getBounds(), matrix),
    false,
  )
  pixmap.clear(255)
  const draw = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap)
  const textOnly = new mupdf.Device({
    fillText: (text, ctm, colorspace, color, alpha) =>
      // The callback's colour is the device's own, typed loosely by MuPDF.js.
      draw.fillText(text, ctm, colorspace, color as mupdf.Color, alpha),
  })
  page.run(textOnly, matrix)
  textOnly.close()
  draw.close()
  // `getPixels` is a view into MuPDF's WebAssembly memory: copy it before the pixmap is freed or
  // the memory grows (either left a view of nothing, and every glyph looked undrawn).
  const image = {
    pixels: pixmap.getPixels().slice(),
    width: pixmap.getWidth(),
    height: pixmap.getHeight(),
    stride: pixmap.getStride(),
    components: pixmap.getNumberOfComponents(),
  }
  pixmap.destroy()
  return image
}

/** Every non-blank character of the PDF's text layer whose glyph drew nothing. */
export function undrawnCharacters(bytes: Uint8Array): UndrawnCharacter[] {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf')
  const undrawn: UndrawnCharacter[] = []
  for (let index = 0; index < document.countPages(); index++) {
    const page = document.loadPage(index)
    const image = textOnlyPixels(page)
    const hasInk = (quad: mupdf.Quad) => {
      const xs = [quad[0], quad[2], quad[4], quad[6]].map((x) => x * inkScale)
      const ys = [quad[1], quad[3], quad[5], quad[7]].map((y) => y * inkScale)
      const inset = (Math.max(...xs) - Math.min(...xs)) * horizontalInset
      const left = Math.max(0, Math.floor(Math.min(...xs) + inset))
      const right = Math.min(image.width, Math.ceil(Math.max(...xs) - inset))
      const top = Math.max(0, Math.floor(Math.min(...ys)))
      const bottom = Math.min(image.height, Math.ceil(Math.max(...ys)))
      for (let y = top; y < bottom; y++) {
        for (let x = left; x < right; x++) {
          const at = y * image.stride + x * image.components
          for (let channel = 0; channel < 3; channel++) {
            if ((image.pixels[at + channel] as number) < inkThreshold) return true
          }
        }
      }
      return false
    }
    let line: { text: string; undrawn: string[] } = { text: '', undrawn: [] }
    const lines: (typeof line)[] = []
    page.toStructuredText('preserve-whitespace').walk({
      beginLine: () => {
        line = { text: '', undrawn: [] }
        lines.push(line)
      },
      onChar: (character, _origin, _font, _size, quad) => {
        line.text += character
        if (/\s/.test(character)) return
        if (!hasInk(quad)) line.undrawn.push(character)
      },
    })
    for (const { text, undrawn: characters } of lines) {
      for (const character of characters) undrawn.push({ page: index + 1, character, line: text })
    }
  }
  return undrawn
}

/** "12 undrawn (41 distinct): a b c … — first in «Rechnung RE-2026-00017»", or "" when all drawn. */
export function describeUndrawn(undrawn: UndrawnCharacter[]): string {
  if (undrawn.length === 0) return ''
  const distinct = [...new Set(undrawn.map((entry) => entry.character))].sort()
  return `${undrawn.length} characters drawn without ink (${distinct.length} distinct: ${distinct.join(' ')}); first on page ${undrawn[0]?.page} in «${undrawn[0]?.line}»`
}

/** The text layer of all pages as MuPDF extracts it. */
export function pageText(bytes: Uint8Array): string {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf')
  let text = ''
  for (let index = 0; index < document.countPages(); index++) {
    text += document.loadPage(index).toStructuredText('preserve-whitespace').asText()
  }
  return text
}

/** Scale of the reference images: 1.5 × 72 dpi is enough to see a missing letter or a shifted line. */
const referenceScale = 1.5

/** A page as MuPDF draws it, lines and images included, as a greyscale PNG (small in the repo). */
export function pagePng(bytes: Uint8Array, pageIndex = 0): Uint8Array {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf')
  return document
    .loadPage(pageIndex)
    .toPixmap(
      mupdf.Matrix.scale(referenceScale, referenceScale),
      mupdf.ColorSpace.DeviceGray,
      false,
    )
    .asPNG()
}

export const referenceImageDirectory = path.resolve('tests/reference-images/pdf')
export const pdfOutputDirectory = path.resolve('test-results/pdf')

/**
 * Pixels (of every 10,000) that may differ from the reference. MuPDF is pinned and WASM renders
 * the same everywhere, so the same PDF differs by none; a changed word or a missing letter differs
 * by more (a single changed digit by some 35 pixels may pass — the text tests read the content).
 */
const allowedDifferencePerTenThousand = 1

export interface ReferenceComparison {
  /** Differing pixels, and the file with them marked when there are too many. */
  differentPixels: number
  allowedPixels: number
  diffPath: string | null
}

/**
 * Compares the page with `tests/reference-images/pdf/<name>.png`. With `UPDATE_REFERENCE_IMAGES=1`
 * the page is written there instead, for review in the commit that changes it; without, a
 * missing image fails the test.
 */
export async function compareWithReference(
  name: string,
  pngBytes: Uint8Array,
): Promise<ReferenceComparison> {
  const referencePath = path.join(referenceImageDirectory, `${name}.png`)
  if (process.env.UPDATE_REFERENCE_IMAGES === '1') {
    await mkdir(referenceImageDirectory, { recursive: true })
    await writeFile(referencePath, pngBytes)
    return { differentPixels: 0, allowedPixels: 0, diffPath: null }
  }
  const stored = await readFile(referencePath).catch(() => null)
  if (!stored) {
    throw new Error(
      `No reference image ${path.relative(process.cwd(), referencePath)}: run the test with UPDATE_REFERENCE_IMAGES=1 and review the image.`,
    )
  }
  const reference = PNG.sync.read(stored)
  const png = PNG.sync.read(Buffer.from(pngBytes))
  const allowedPixels = Math.floor(
    (png.width * png.height * allowedDifferencePerTenThousand) / 10_000,
  )
  if (reference.width !== png.width || reference.height !== png.height) {
    return { differentPixels: png.width * png.height, allowedPixels, diffPath: null }
  }
  const diff = new PNG({ width: png.width, height: png.height })
  const differentPixels = pixelmatch(reference.data, png.data, diff.data, png.width, png.height, {
    threshold: 0.1,
    // Text at this scale is mostly anti-aliased edges: they count, or a changed word would not.
    includeAA: true,
  })
  let diffPath: string | null = null
  if (differentPixels > allowedPixels) {
    await mkdir(pdfOutputDirectory, { recursive: true })
    diffPath = path.join(pdfOutputDirectory, `${name}.diff.png`)
    await writeFile(diffPath, PNG.sync.write(diff))
    await writeFile(path.join(pdfOutputDirectory, `${name}.actual.png`), pngBytes)
  }
  return { differentPixels, allowedPixels, diffPath }
}

/** Writes the PDF under `test-results/pdf/` and returns its path (attached to the test). */
export async function keepPdf(name: string, bytes: Uint8Array): Promise<string> {
  await mkdir(pdfOutputDirectory, { recursive: true })
  const file = path.join(pdfOutputDirectory, `${name}.pdf`)
  await writeFile(file, bytes)
  return file
}
