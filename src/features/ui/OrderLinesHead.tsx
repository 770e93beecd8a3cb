/** The head of an order form's line table (purchase and customer orders share the columns). */
export function OrderLinesHead() {
  return (
    <thead>
      <tr className="border-b border-border text-left text-ink-muted">
        <th className="py-2 pr-3 font-medium">Produkt</th>
        <th className="py-2 pr-3 font-medium">Menge</th>
        <th className="py-2 pr-3 font-medium">Preis (netto)</th>
        <th className="py-2 pr-3 text-right font-medium">MwSt.</th>
        <th className="py-2 pr-3 text-right font-medium">Summe (netto)</th>
        <th className="py-2 font-medium">
          <span className="sr-only">Entfernen</span>
        </th>
      </tr>
    </thead>
  )
}
