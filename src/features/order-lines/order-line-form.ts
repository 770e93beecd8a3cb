/**
 * The line table's field of a schema or server path: `items.0.unitPriceCents` →
 * `items[0].unitPrice` when `fieldOf('unitPriceCents')` is `unitPrice`; null for any other path.
 */
export function lineFieldOf(path: string, fieldOf: (key: string) => string): string | null {
  const match = /^items\.(\d+)\.(\w+)/.exec(path)
  return match ? `items[${match[1]}].${fieldOf(match[2] as string)}` : null
}
