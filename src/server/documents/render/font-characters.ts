/**
 * The characters the documents' font carries (ADR 053): what `npm run fonts:subset` keeps of
 * Inter, and what the renderer may draw without a replacement. German text with its quotation
 * marks, dashes, € and ‰; Latin-1 and Latin Extended-A for the names of patients and members
 * (Łucja, Şahin, Erdős), Romanian ș and ț, the capital ẞ, and the signs our own texts use.
 */
const ranges: [first: number, last: number][] = [
  [0x0020, 0x007e], // Basic Latin
  // Latin-1 Supplement (no-break space, umlauts, ß, §, °, ±, ×, µ …) without the soft hyphen,
  // which Inter lacks and the renderer drops
  [0x00a0, 0x00ac],
  [0x00ae, 0x00ff],
  // Latin Extended-A (ł ş ő č ž …) without ŉ, deprecated and not in Inter
  [0x0100, 0x0148],
  [0x014a, 0x017f],
  [0x0218, 0x021b], // Ș ș Ț ț
  [0x1e9e, 0x1e9e], // ẞ
  [0x2009, 0x2009], // thin space
  [0x2010, 0x2014], // hyphens and dashes: ‐ ‑ ‒ – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2020, 0x2022], // † ‡ •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space
  [0x2030, 0x2030], // ‰
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // ← ↑ → ↓
  [0x2212, 0x2212], // − (the filling protocol's "netto = brutto − tara")
  [0x2248, 0x2248], // ≈
  [0x2264, 0x2265], // ≤ ≥
]

export const documentFontCodePoints: readonly number[] = ranges.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index),
)
