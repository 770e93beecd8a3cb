import type { ReactNode } from 'react'
import { formatMoney } from '~/lib/format'
import type { PriceBasis } from '~/lib/prices'
import { formatSalesQuantity } from '~/lib/product-display'
import { type SalesUnit, salesUnitShortLabel, type VatRate, vatRateLabels } from '~/lib/products'
import { OrderTotals, type OrderTotalsValue } from './OrderTotals'

/** What the table shows of a saved line; the pages' extra columns read the rest. */
export interface OrderLineRow {
  id: string
  name: string
  pzn: string | null
  quantity: number
  salesUnit: SalesUnit
  vatRate: VatRate
  unitCents: number
  lineCents: number
}

export interface OrderLineColumn<Row> {
  header: string
  right?: boolean
  /** Classes of the cells besides padding and alignment. */
  cellClassName?: string
  cell: (row: Row) => ReactNode
}

/**
 * The "Positionen" of an order's detail page (customer and purchase orders): product, quantity,
 * price, VAT and amount, then the page's own columns, and the totals when given.
 */
export function OrderLinesTable<Row extends OrderLineRow>({
  lines,
  basis = 'net',
  quantityHeader = 'Menge',
  details = () => [],
  columns = [],
  totals,
  children,
}: {
  lines: readonly Row[]
  basis?: PriceBasis
  quantityHeader?: string
  /** The notes under a product's name after its PZN. */
  details?: (row: Row) => (string | false | null)[]
  /** Columns after the amount. */
  columns?: readonly OrderLineColumn<Row>[]
  totals?: OrderTotalsValue
  /** Rows after the totals' gross amount. */
  children?: ReactNode
}) {
  const basisLabel = basis === 'gross' ? 'brutto' : 'netto'
  const all: OrderLineColumn<Row>[] = [
    {
      header: 'Produkt',
      cell: (row) => {
        const notes = [row.pzn && `PZN ${row.pzn}`, ...details(row)].filter(Boolean).join(' · ')
        return (
          <>
            <div className="font-medium text-ink">{row.name}</div>
            {notes && <div className="text-xs text-ink-muted">{notes}</div>}
          </>
        )
      },
    },
    {
      header: quantityHeader,
      right: true,
      cellClassName: 'whitespace-nowrap',
      cell: (row) => formatSalesQuantity(row.quantity, row.salesUnit),
    },
    {
      header: `Preis (${basisLabel})`,
      right: true,
      cellClassName: 'whitespace-nowrap',
      cell: (row) => `${formatMoney(row.unitCents)} je ${salesUnitShortLabel(row.salesUnit)}`,
    },
    { header: 'MwSt.', right: true, cell: (row) => vatRateLabels[row.vatRate] },
    {
      header: `Summe (${basisLabel})`,
      right: true,
      cellClassName: 'whitespace-nowrap',
      cell: (row) => formatMoney(row.lineCents),
    },
    ...columns,
  ]
  // The last column needs no gap to its right.
  const padding = (index: number) => (index < all.length - 1 ? 'py-2 pr-3' : 'py-2')
  return (
    <section
      aria-labelledby="order-lines"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="order-lines" className="text-lg font-semibold">
        Positionen
      </h2>
      {/* Many figures side by side scroll sideways on a phone: the keyboard must reach the region. */}
      <section
        aria-label="Tabelle der Positionen"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        className="mt-3 overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      >
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-ink-muted">
              {all.map((column, index) => (
                <th
                  key={column.header}
                  className={`${padding(index)}${column.right ? ' text-right' : ''} font-medium`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((row) => (
              <tr key={row.id} className="border-b border-border align-top">
                {all.map((column, index) => (
                  <td
                    key={column.header}
                    className={[padding(index), column.right && 'text-right', column.cellClassName]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {totals && (
        <OrderTotals totals={totals} className="mt-4 max-w-sm">
          {children}
        </OrderTotals>
      )}
    </section>
  )
}
