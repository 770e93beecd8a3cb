/** The part of `subset-font` (HarfBuzz's subsetter, no types of its own) that `subset-fonts.ts` uses. */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2'
    keepFeatures?: string[]
    noHinting?: boolean
  }
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>
}
