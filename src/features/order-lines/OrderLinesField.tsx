import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatMoney } from '~/lib/format'
import type { PriceBasis } from '~/lib/prices'
import { type SalesUnit, type VatRate, vatRateLabels } from '~/lib/products'
import type { AppFieldApi, FieldSetForm } from '../forms/form-hook'
import { Button } from '../ui/buttons'
import { OrderTotals, type OrderTotalsValue } from './OrderTotals'

/** What the table needs of a form's line; each order form adds its own fields. */
export interface OrderLineValues {
  listingId: string
  name: string
  pzn: string | null
  salesUnit: SalesUnit
  vatRate: VatRate
  /** As typed, in `items[i].quantity`. */
  quantity: string
}

export const quantityUnit = (salesUnit: SalesUnit) => (salesUnit === 'gram' ? 'g' : 'Pck.')

/**
 * The "Positionen" of an order form (customer and purchase orders): a picker to add products,
 * the lines with their quantity cells (`items[i].quantity`), price, VAT, amount and remove
 * button, and the totals. What differs per order — the picker, the price cell, the notes under a
 * product — comes in as props. A patient's order shows gross prices (ADR 056).
 */
export function OrderLinesField<Line extends OrderLineValues>({
  form,
  lines,
  basis = 'net',
  waitingFor,
  picker,
  details,
  quantityInput,
  price,
  amountCents,
  onRemove,
  totals,
  children,
}: {
  form: Pick<FieldSetForm, 'AppField'>
  lines: readonly Line[]
  basis?: PriceBasis
  /** Shown instead of picker and lines while they cannot be chosen yet. */
  waitingFor?: string
  picker: ReactNode
  /** The notes under a product's name after its PZN. */
  details: (line: Line) => (string | false | null)[]
  /** How quantities are typed; without it they are shown, not edited. */
  quantityInput?: { inputMode: 'numeric' | 'decimal'; width: 'narrow' | 'wide' }
  price: (line: Line, index: number) => ReactNode
  amountCents: (line: Line) => number
  /** Without it the lines cannot be removed. */
  onRemove?: (index: number) => void
  totals: OrderTotalsValue
  /** Notes after the totals. */
  children?: ReactNode
}) {
  const basisLabel = basis === 'gross' ? 'brutto' : 'netto'
  return (
    <fieldset className="rounded-card border border-border bg-surface p-6">
      <legend className="px-1 text-lg font-semibold text-ink">Positionen</legend>
      {waitingFor ? (
        <p className="mt-2 text-ink-muted">{waitingFor}</p>
      ) : (
        <div className="mt-2 space-y-4">
          {picker}
          {lines.length === 0 ? (
            <p className="text-ink-muted">Noch keine Positionen.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-border text-left text-ink-muted">
                    <th className="py-2 pr-3 font-medium">Produkt</th>
                    <th className="py-2 pr-3 font-medium">Menge</th>
                    <th className="py-2 pr-3 font-medium">Preis ({basisLabel})</th>
                    <th className="py-2 pr-3 text-right font-medium">MwSt.</th>
                    <th className="py-2 pr-3 text-right font-medium">Summe ({basisLabel})</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">Entfernen</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line, index) => (
                    <tr key={line.listingId} className="border-b border-border align-top">
                      <td className="py-2 pr-3">
                        <div className="font-medium text-ink">{line.name}</div>
                        <div className="text-xs text-ink-muted">
                          {[line.pzn && `PZN ${line.pzn}`, ...details(line)]
                            .filter(Boolean)
                            .join(' · ')}
                        </div>
                      </td>
                      <td className="py-2 pr-3">
                        {quantityInput ? (
                          <form.AppField name={`items[${index}].quantity`}>
                            {(field: AppFieldApi) => (
                              <field.CellField
                                label={`Menge: ${line.name}`}
                                suffix={quantityUnit(line.salesUnit)}
                                {...quantityInput}
                              />
                            )}
                          </form.AppField>
                        ) : (
                          <span className="whitespace-nowrap">
                            {line.quantity} {quantityUnit(line.salesUnit)}
                          </span>
                        )}
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{price(line, index)}</td>
                      <td className="py-2 pr-3 text-right">{vatRateLabels[line.vatRate]}</td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap">
                        {formatMoney(amountCents(line))}
                      </td>
                      <td className="py-2">
                        {onRemove && (
                          <Button
                            variant="ghost"
                            onClick={() => onRemove(index)}
                            aria-label={`${line.name} entfernen`}
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <OrderTotals totals={totals} className="max-w-xs" />
          {children}
        </div>
      )}
    </fieldset>
  )
}
