/**
 * A number as it goes into an input the user may edit: German decimal comma, up to three
 * decimals, no thousands separator — "1.000" would read back as 1 (`parseDecimal` takes a single
 * dot for a decimal point, as English exports write it).
 */
const inputFormat = new Intl.NumberFormat('de-DE', {
  maximumFractionDigits: 3,
  useGrouping: false,
})

export const decimalInputText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : inputFormat.format(value)
