import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ShoppingCart } from 'lucide-react'
import { useState } from 'react'
import { formatMoney } from '~/lib/format'
import { formatSalesQuantity } from '~/lib/product-display'
import { productOptionLabel } from '~/lib/products'
import { type ReorderResult, reorderSkipReasonLabels } from '~/lib/reorder'
import { withoutFieldErrors } from '../stock/stock-form'
import { Button } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { reorderLowStockFn } from './purchase-order-save.functions'
import { purchaseOrdersKey } from './purchase-orders.queries'

/**
 * "Nachbestellen" on the low-stock list: asks, creates the drafts per supplier (ADR 075) and
 * shows what it created, each draft linked for review, and what it left out and why.
 */
export function ReorderButton({ onDone }: { onDone: (result: ReorderResult) => void }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        <ShoppingCart className="size-4" aria-hidden="true" />
        Nachbestellen
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Nachbestellen"
        description="Für jedes Produkt unter dem Meldebestand wird die Menge bis zum Zielbestand (ohne Angabe: das Doppelte des Meldebestands) abzüglich offener Bestellungen vorgeschlagen – je Lieferant ein Bestellentwurf, den du vor dem Bestellen prüfst."
        confirmLabel="Entwürfe anlegen"
        variant="primary"
        onConfirm={async () => {
          try {
            onDone(await reorderLowStockFn())
          } catch (error) {
            throw withoutFieldErrors(error)
          }
          await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
        }}
      />
    </>
  )
}

export function ReorderResultPanel({ result }: { result: ReorderResult }) {
  return (
    <section
      aria-label="Ergebnis der Nachbestellung"
      className="mb-6 space-y-4 rounded-card border border-border bg-surface p-6"
    >
      <h2 className="text-lg font-semibold text-ink">Nachbestellung</h2>
      {result.drafts.length === 0 ? (
        <p className="text-ink-muted">Es wurde nichts neu in einen Entwurf übernommen.</p>
      ) : (
        <ul className="space-y-3">
          {result.drafts.map((draft) => (
            <li key={draft.purchaseOrderId}>
              <Link
                to="/purchase_orders/$id/edit"
                params={{ id: draft.purchaseOrderId }}
                className="font-medium text-brand-900 underline-offset-2 hover:underline"
              >
                {draft.created ? 'Neuer Entwurf' : 'Ergänzter Entwurf'} für {draft.supplierName}
              </Link>
              <ul className="mt-1 text-sm text-ink-muted">
                {draft.lines.map((line) => (
                  <li key={productOptionLabel(line)}>
                    {formatSalesQuantity(line.quantity, line.salesUnit)} {productOptionLabel(line)}{' '}
                    à {formatMoney(line.unitPriceCents)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {result.skipped.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-ink">Nicht übernommen</h3>
          <ul className="mt-1 text-sm text-ink-muted">
            {result.skipped.map((entry) => (
              <li key={entry.listingId}>
                {productOptionLabel(entry)}: {reorderSkipReasonLabels[entry.reason]}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
