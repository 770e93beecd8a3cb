/**
 * WCAG 2.x contrast of two `#rrggbb` colours (1 … 21). Plain code: the shop settings' live preview
 * and the service check the same numbers.
 */
function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255)
  const [red, green, blue] = channels.map((channel) =>
    channel <= 0.039_28 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number]
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

/** `#rrggbb`, the only form the tenant config stores. */
export const isHexColour = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value)

export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number]
  return (lighter + 0.05) / (darker + 0.05)
}

/** AA for normal text (1.4.3) and for controls and graphics against the page (1.4.11). */
export const textContrastMinimum = 4.5
export const graphicContrastMinimum = 3

/** "4,6 : 1", as the settings page shows a ratio. */
export const formatContrast = (ratio: number) =>
  `${(Math.floor(ratio * 10) / 10).toLocaleString('de-DE')} : 1`

export interface ColourCheck {
  /** Text and links in the header and on buttons: the foreground on the primary colour. */
  text: number
  /** Icons, borders and focus marks in the primary colour on the white page. */
  onPage: number
}

export const checkShopColours = (colours: {
  primary: string
  primaryForeground: string
}): ColourCheck => ({
  text: contrastRatio(colours.primaryForeground, colours.primary),
  onPage: contrastRatio(colours.primary, '#ffffff'),
})
