import type { PriceBasis } from '~/lib/prices'

/**
 * The head of an order form's line table (purchase and customer orders share the columns); a
 * patient's order shows gross prices (ADR 056).
 */
export function OrderLinesHead({ basis = 'net' }: { basis?: PriceBasis }) {
  const label = basis === 'gross' ? 'brutto' : 'netto'
  return (
    <thead>
      <tr className="border-b border-border text-left text-ink-muted">
        <th className="py-2 pr-3 font-medium">Produkt</th>
        <th className="py-2 pr-3 font-medium">Menge</th>
        <th className="py-2 pr-3 font-medium">Preis ({label})</th>
        <th className="py-2 pr-3 text-right font-medium">MwSt.</th>
        <th className="py-2 pr-3 text-right font-medium">Summe ({label})</th>
        <th className="py-2 font-medium">
          <span className="sr-only">Entfernen</span>
        </th>
      </tr>
    </thead>
  )
}
